import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function GoodsSearchPage() {
  return <UnderConstruction path="/pages/goods/search" />;
}
