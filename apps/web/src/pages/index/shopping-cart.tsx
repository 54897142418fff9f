import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function IndexShoppingCartPage() {
  return <UnderConstruction path="/pages/index/shopping-cart" />;
}
