import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function ConfirmBettingPage() {
  return <PlaceholderPage title="Bet confirmation" />;
}
