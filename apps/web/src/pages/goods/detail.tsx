import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function GoodsDetailPage() {
  return <UnderConstruction path="/pages/goods/detail" />;
}
