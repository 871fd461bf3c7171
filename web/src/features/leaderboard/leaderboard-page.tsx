import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function LeaderboardPage() {
  return <PlaceholderPage title="Leaderboard" />;
}
