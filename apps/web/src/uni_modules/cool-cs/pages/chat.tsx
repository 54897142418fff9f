import { UnderConstruction } from '../../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function ChatPage() {
  return <UnderConstruction path="/uni_modules/cool-cs/pages/chat" />;
}
