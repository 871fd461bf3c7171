import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function WalletPage() {
  return <PlaceholderPage title="Wallet" />;
}
