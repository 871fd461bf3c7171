import { Navigate, useParams } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { Avatar } from '../../components/avatar.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { CoinIcon, PencilIcon, TrophyIcon } from '../../components/icons.tsx';
import { SkeletonList } from '../../components/skeleton.tsx';
import { errorStatus } from '../../lib/api-client.ts';
import { formatCount } from '../../lib/format-number.ts';
import { PATHS } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { useBetList } from './api/get-bet-list.ts';
import { useUserById } from './api/get-user-by-id.ts';
import { BetHistoryItem } from './bet-history-item.tsx';
import { ProfileGroups } from './profile-groups.tsx';
import './profile.css';


/** `isOwner`: the signed-in user's own profile, where won bets can be shared. */
function PreviousBettings({ userId, isOwner }: { userId: string; isOwner: boolean }) {
  const bets = useBetList(userId);
  return (
    <section className="card profile-bets" aria-labelledby="previous-bettings">
      <h2 id="previous-bettings">Previous Bettings</h2>
      {bets === null ? (
        <SkeletonList label="Loading bets" rows={3} />
      ) : bets.length === 0 ? (
        <EmptyState title="No bets found">
          <p>Bets placed on matches show up here.</p>
        </EmptyState>
      ) : (
        <ul className="rule-list">
          {bets.map((bet) => (
            <BetHistoryItem key={bet._id} bet={bet} canShare={isOwner} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default function ProfilePage() {
  const { userId = '' } = useParams();
  const { currentUser } = useSession();
  const { data: user, error } = useUserById(userId);

  // A malformed (400) or unknown (404) id has no profile to show.
  if ([400, 404].includes(errorStatus(error))) return <Navigate to={PATHS.notFound} replace />;
  if (error) {
    return (
      <div className="page page-narrow">
        <EmptyState title="This profile could not be loaded" />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="page page-narrow">
        <SkeletonList label="Loading profile" rows={3} withAvatar />
      </div>
    );
  }

  const isOwner = currentUser?._id === user._id;
  return (
    <div className="page page-narrow profile-page">
      <section className="card profile-card">
        {isOwner && (
          <Link to={PATHS.editProfile} className="icon-btn profile-edit" aria-label="Edit profile">
            <PencilIcon />
          </Link>
        )}
        <Avatar src={user.avatar} name={user.userName} size={104} />
        <h1 className="profile-name">{user.userName}</h1>
        <dl className="profile-stats">
          <div className="profile-stat">
            <dt>Trophies</dt>
            <dd>
              <TrophyIcon size={20} className="profile-stat-trophy" />
              {formatCount(user.trophy)}
            </dd>
          </div>
          <div className="profile-stat">
            <dt>Total earnings</dt>
            <dd>
              <CoinIcon size={20} />
              {formatCount(user.totalEarnings)}
            </dd>
          </div>
        </dl>
        <p className="profile-streak">
          Streak {formatCount(user.streak)} · best {formatCount(user.bestStreak)}
        </p>
        {isOwner && (
          <div className="profile-actions">
            <Link to={PATHS.wallet} className="btn btn-secondary">
              View wallet
            </Link>
            <Link to={PATHS.editProfile} className="btn btn-primary">
              Edit profile
            </Link>
          </div>
        )}
      </section>
      {isOwner && <ProfileGroups />}
      <PreviousBettings userId={user._id} isOwner={isOwner} />
    </div>
  );
}
