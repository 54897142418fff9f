import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function OrderCommentPage() {
  return <UnderConstruction path="/pages/order/comment" />;
}
