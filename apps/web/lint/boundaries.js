// ESLint rule for the web app's layers (docs/architecture.md section 3), on resolved relative imports:
//
//   app, pages -> features -> shared -> lib        (and locales, which anything may read)
//
// - a layer imports only itself and the layers to its right (lib never imports shared, features, pages or app);
// - a feature imports another feature only through its index (`../../cart`, never `../../cart/api/cart.api`);
//   pages and the app do the same;
// - only lib/ calls lib/request's `request` and `upload`: everything else calls the typed client (lib/api/client).
//
// Import strings are resolved against the importing file first, so `../../cart/components/x` is caught as
// surely as `../../features/cart/components/x` (a glob on the import string matches neither reliably).
import path from 'node:path';

// pages and app share a rank: the app's router loads pages, pages use the app's frame (Page, pull-to-refresh).
const RANK = { lib: 0, locales: 0, shared: 1, features: 2, pages: 3, app: 3 };
const LAYER_OF_TOP = {
  lib: 'lib',
  locales: 'locales',
  shared: 'shared',
  features: 'features',
  pages: 'pages',
};

/** Where a file sits under apps/web/src: its layer and, for a feature, its name and the path inside it. */
function place(srcRelative) {
  const parts = srcRelative.split(path.sep);
  const top = parts[0];
  if (top === 'features') return { layer: 'features', feature: parts[1], inside: parts.slice(2) };
  if (top === 'uni_modules') return { layer: 'pages' }; // the spec's plug-in pages
  if (top === 'test') return { layer: 'test' };
  return { layer: LAYER_OF_TOP[top] ?? 'app' };
}

const isTestFile = (file) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('test');
const isIndex = (inside) =>
  inside.length === 0 || (inside.length === 1 && /^index(\.tsx?)?$/.test(inside[0]));

/** @type {import('eslint').Rule.RuleModule} */
const layers = {
  meta: {
    type: 'problem',
    docs: { description: "The web app's layers and feature boundaries" },
    schema: [],
    messages: {
      featureInternals:
        "Import the '{{feature}}' feature through its index ('{{index}}'), never its internals ('{{source}}').",
      upward: '{{from}} must not import {{to}} (dependencies point app, pages -> features -> shared -> lib).',
      testOnly: 'Only tests import the test helpers in src/test.',
      rawRequest:
        "Call the API through lib/api/client (typed from the server's OpenAPI document), not lib/request's {{name}}.",
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const marker = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
    const at = filename.lastIndexOf(marker);
    if (at < 0) return {};
    const srcRoot = filename.slice(0, at + marker.length - 1);
    const from = place(path.relative(srcRoot, filename));

    function check(node, source, importedNames) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(filename), source);
      const rel = path.relative(srcRoot, resolved);
      if (rel.startsWith('..') || path.isAbsolute(rel)) return;
      const to = place(rel);

      if (to.layer === 'test') {
        if (!isTestFile(filename)) context.report({ node, messageId: 'testOnly' });
        return;
      }
      if (to.layer === 'features' && !(from.layer === 'features' && from.feature === to.feature)) {
        if (!isIndex(to.inside)) {
          const index = path.relative(path.dirname(filename), path.join(srcRoot, 'features', to.feature));
          context.report({
            node,
            messageId: 'featureInternals',
            data: { feature: to.feature, index: index.startsWith('.') ? index : `./${index}`, source },
          });
          return;
        }
      }
      if (from.layer !== 'test' && RANK[to.layer] > RANK[from.layer]) {
        context.report({ node, messageId: 'upward', data: { from: from.layer, to: to.layer } });
        return;
      }
      if (from.layer !== 'lib' && rel.replace(/\.tsx?$/, '') === path.join('lib', 'request')) {
        for (const name of importedNames)
          if (name === 'request' || name === 'upload')
            context.report({ node, messageId: 'rawRequest', data: { name } });
      }
    }

    const namesOf = (node) =>
      (node.specifiers ?? []).map((s) =>
        s.type === 'ImportSpecifier' ? (s.imported.name ?? s.imported.value) : s.type,
      );

    return {
      ImportDeclaration: (node) => check(node, node.source.value, namesOf(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, []),
      ExportAllDeclaration: (node) => check(node, node.source.value, []),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, []),
    };
  },
};

export default { rules: { layers } };
