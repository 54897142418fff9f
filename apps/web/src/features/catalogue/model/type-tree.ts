import type { GoodsTypeNode } from '@simshop/contracts';

/** The tree in display order, each node with its depth. */
export function flattenTypes(nodes: GoodsTypeNode[], depth = 0): { node: GoodsTypeNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenTypes(node.children ?? [], depth + 1)]);
}
