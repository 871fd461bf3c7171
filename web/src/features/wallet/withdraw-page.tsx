import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function WithdrawPage() {
  return <PlaceholderPage title="Withdraw money" />;
}
