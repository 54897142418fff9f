import { UnderConstruction } from '../../../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function ComplainSubmitPage() {
  return <UnderConstruction path="/uni_modules/cool-app/pages/complain/submit" />;
}
