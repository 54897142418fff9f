import type { GoodsTypeNode } from './catalogue';

// Kept apart from the schemas: the app's first screen needs these rules without zod.

/** The tree node with this id, anywhere in the tree. */
export function findType(nodes: GoodsTypeNode[], id: number): GoodsTypeNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inChild = findType(n.children ?? [], id);
    if (inChild) return inChild;
  }
  return undefined;
}

/**
 * The type the category page shows: the one asked for (`typeId`) when the tree has it, else the first. The app
 * draws it and the server writes its first goods into the page it serves, so both go by this one rule.
 */
export const shownType = (tree: GoodsTypeNode[], wanted: number | undefined): GoodsTypeNode | undefined =>
  (wanted !== undefined ? findType(tree, wanted) : undefined) ?? tree[0];
