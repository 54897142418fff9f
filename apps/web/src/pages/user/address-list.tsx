import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function UserAddressListPage() {
  return <UnderConstruction path="/pages/user/address-list" />;
}
