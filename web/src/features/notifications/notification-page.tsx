import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function NotificationPage() {
  return <PlaceholderPage title="Notifications" />;
}
