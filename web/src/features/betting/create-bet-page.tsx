import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function CreateBetPage() {
  return <PlaceholderPage title="Place a bet" />;
}
