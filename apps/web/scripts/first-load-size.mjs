// Prints the gzip size of the JavaScript a route loads first: the entry and its static imports, plus the
// route's page chunk and its static imports. Usage (after `vite build`): node scripts/first-load-size.mjs [src/pages/index/home.tsx]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const page = process.argv[2] ?? 'src/pages/index/home.tsx';

const files = new Set();
const walk = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) walk(dep);
};
walk('index.html');
if (!manifest[page]) console.warn(`(no chunk for ${page}: counting the entry only)`);
walk(page);

let total = 0;
for (const file of [...files].filter((f) => f.endsWith('.js')).sort()) {
  const gz = gzipSync(readFileSync(dist + file), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  first-load JS (gzip) of ${page}`);
