import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function SimpayCustomerPage() {
  return <UnderConstruction path="/pages/simpay/customer" />;
}
