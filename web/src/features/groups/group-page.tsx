// A group's page (members only): its leaderboard (trophies, then total earnings; each member's streak of
// correct picks beside them), the invite link to
// share, a new invite link (creator), and leaving the group (after a confirmation). Opened just after
// joining (GroupPageState), it first welcomes the new member and points them to the matches.
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import type { GroupLeaderboard } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { TrophyIcon, UserIcon } from '../../components/icons.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { FormError } from '../../components/text-field.tsx';
import { serverErrorMessage } from '../../lib/error-message.ts';
import { formatCount } from '../../lib/format-number.ts';
import { leaderboardPath, PATHS, profilePath } from '../../lib/paths.ts';
import { sharedPlaces } from '../../lib/places.ts';
import type { GroupPageState } from '../../lib/groups/pending-invite.ts';
import { useSession, useTabName } from '../../lib/session/session-context.tsx';
import { leaveGroup, rotateInvite, useGroupLeaderboard } from '../../lib/groups/groups.ts';
import { toast } from '../../lib/toast.ts';
import { shareInvite } from './share-invite.ts';
import '../../components/group-board.css';
import './groups.css';

function LeaveDialog({ board, open, onClose }: { board: GroupLeaderboard; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { group } = board;
  const leave = async () => {
    setBusy(true);
    try {
      await leaveGroup(group.groupId);
      toast.success(MSG.groupLeft);
      navigate(leaderboardPath('groups'), { replace: true });
    } catch (failure) {
      setBusy(false);
      setError(serverErrorMessage(failure, {}));
    }
  };
  const consequence =
    group.memberCount === 1
      ? 'You are its last member: the group and its invite link are deleted.'
      : group.isCreator
        ? 'The member who joined first after you becomes its creator.'
        : 'You can join again with an invite link.';
  return (
    <Dialog open={open} title={`Leave ${group.name}?`} description={consequence} onClose={onClose}>
      <FormError message={error} />
      <div className="group-dialog-actions">
        <Button variant="secondary" onClick={onClose}>
          Stay
        </Button>
        <Button busy={busy} onClick={() => void leave()}>
          Leave group
        </Button>
      </div>
    </Dialog>
  );
}

function Standings({ board, userId }: { board: GroupLeaderboard; userId: string | undefined }) {
  // Members with as many trophies and coins earned share a place (lib/places.ts), as on every board.
  const places = sharedPlaces(board.rows, (a, b) => a.trophy === b.trophy && a.earnings === b.earnings);
  return (
    <ol className="group-board" aria-label={`${board.group.name} by trophies, then earnings`}>
      {board.rows.map((row, index) => (
        <li key={row.userId} className={row.userId === userId ? 'group-board-row is-you' : 'group-board-row'}>
          <span className="group-board-rank">#{places[index]}</span>
          <Link to={profilePath(row.userId)} className="group-board-name">
            {row.name}
            {row.userId === userId && <span className="group-you"> (you)</span>}
          </Link>
          <span className="group-board-trophies">
            <TrophyIcon size={16} />
            {formatCount(row.trophy)}
            <span className="visually-hidden"> {row.trophy === 1 ? 'trophy' : 'trophies'},</span>
          </span>
          <span className="group-board-earnings">
            {formatCount(row.earnings)}
            <span className="visually-hidden"> coins earned,</span>
          </span>
          <span className="group-board-streak">
            <span className="visually-hidden">streak </span>
            {formatCount(row.streak)}
            <span className="group-board-best">
              <span className="visually-hidden">, </span>best {formatCount(row.bestStreak)}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Just joined: who they are with now, and where to bet with them. */
function Welcome({ name }: { name: string }) {
  return (
    <section className="card group-welcome" role="status">
      <p className="group-welcome-text">
        <span className="group-welcome-title">You joined {name}</span>
        <span className="muted">Bet on the matches: every bet you win puts a trophy next to your name here.</span>
      </p>
      <Link to={PATHS.events} className="btn btn-primary">
        See the matches
      </Link>
    </section>
  );
}

function Group({ board }: { board: GroupLeaderboard }) {
  const { currentUser } = useSession();
  const welcome = (useLocation().state as GroupPageState | null)?.welcome === true;
  const [leaving, setLeaving] = useState(false);
  const [rotating, setRotating] = useState(false);
  const { group } = board;
  useTabName(group.name);
  const rotate = async () => {
    setRotating(true);
    try {
      await rotateInvite(group.groupId);
      toast.success(MSG.inviteRotated);
    } catch (failure) {
      toast.error(serverErrorMessage(failure, {}) ?? MSG.somethingWentWrong);
    } finally {
      setRotating(false);
    }
  };
  return (
    <div className="page page-narrow group-page">
      <h1 className="page-title">{group.name}</h1>
      <p className="page-subtitle">
        {formatCount(group.memberCount)} {group.memberCount === 1 ? 'member' : 'members'} · ranked by trophies, then coins earned
      </p>
      {welcome && <Welcome name={group.name} />}
      <div className="group-actions">
        <Button onClick={() => void shareInvite(group.name, group.inviteCode)}>Share invite link</Button>
        {group.isCreator && (
          <Button variant="secondary" busy={rotating} onClick={() => void rotate()}>
            New invite link
          </Button>
        )}
        <Button variant="secondary" onClick={() => setLeaving(true)}>
          Leave
        </Button>
      </div>
      <section className="card group-board-card with-streak" aria-label="Group leaderboard">
        <div className="group-board-head" aria-hidden="true">
          <span>Member</span>
          <span>Trophies</span>
          <span>Earned</span>
          <span>Streak</span>
        </div>
        <Standings board={board} userId={currentUser?._id} />
      </section>
      <LeaveDialog board={board} open={leaving} onClose={() => setLeaving(false)} />
    </div>
  );
}

export default function GroupPage() {
  const { groupId = '' } = useParams();
  const { data, error } = useGroupLeaderboard(groupId);
  if (error) {
    return (
      <div className="page page-narrow group-page">
        <EmptyState icon={<UserIcon size={28} />} title={MSG.groupNotFound}>
          <p>Only its members can see a group. Ask for an invite link.</p>
          <Link to={leaderboardPath('groups')} className="btn btn-secondary">
            Your groups
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (!data) return <LoadingBlock label="Loading the group" />;
  return <Group board={data} />;
}
