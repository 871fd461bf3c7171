import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function EventsPage() {
  return <PlaceholderPage title="Upcoming Matches" />;
}
