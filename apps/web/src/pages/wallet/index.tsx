import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function WalletIndexPage() {
  return <UnderConstruction path="/pages/wallet/index" />;
}
