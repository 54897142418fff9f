import { UnderConstruction } from '../../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function UserSimcardListPage() {
  return <UnderConstruction path="/pages/user/simcard/list" />;
}
