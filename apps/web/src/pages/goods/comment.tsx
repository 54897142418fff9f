import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function GoodsCommentPage() {
  return <UnderConstruction path="/pages/goods/comment" />;
}
