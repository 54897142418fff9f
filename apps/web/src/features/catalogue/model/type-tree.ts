import type { GoodsTypeNode } from '@simshop/contracts';

/** The tree node with this id, anywhere in the tree. */
export function findType(nodes: GoodsTypeNode[], id: number): GoodsTypeNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inChild = findType(n.children ?? [], id);
    if (inChild) return inChild;
  }
  return undefined;
}
