import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function GoodsListPage() {
  return <UnderConstruction path="/pages/goods/list" />;
}
