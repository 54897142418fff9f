import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function UserAddressEditPage() {
  return <UnderConstruction path="/pages/user/address-edit" />;
}
