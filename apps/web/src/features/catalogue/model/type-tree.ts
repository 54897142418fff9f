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

/** The tree in display order, each node with its depth. */
export function flattenTypes(nodes: GoodsTypeNode[], depth = 0): { node: GoodsTypeNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenTypes(node.children ?? [], depth + 1)]);
}
