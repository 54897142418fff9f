import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function SimpayViewbackPage() {
  return <UnderConstruction path="/pages/simpay/viewback" />;
}
