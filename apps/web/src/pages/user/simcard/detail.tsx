import { UnderConstruction } from '../../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function UserSimcardDetailPage() {
  return <UnderConstruction path="/pages/user/simcard/detail" />;
}
