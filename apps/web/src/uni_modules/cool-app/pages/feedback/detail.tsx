import { UnderConstruction } from '../../../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function FeedbackDetailPage() {
  return <UnderConstruction path="/uni_modules/cool-app/pages/feedback/detail" />;
}
