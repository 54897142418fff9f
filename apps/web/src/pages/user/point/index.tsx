import { UnderConstruction } from '../../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function UserPointIndexPage() {
  return <UnderConstruction path="/pages/user/point/index" />;
}
