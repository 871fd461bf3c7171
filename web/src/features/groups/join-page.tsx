// /join/{inviteCode}, the link shared on WhatsApp. Signed in: joins at once and opens the group, with a
// welcome. Signed out: says which group it is (its name and size, from the public invite lookup), keeps
// the code in this browser and offers to sign up or log in; the login comes back here (its redirect),
// and a registration hands the code to the server, so the first sign-in joins it in any browser
// (pending-invite.ts).
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { MSG } from '#shared/messages.ts';
import { UserIcon } from '../../components/icons.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { serverErrorMessage } from '../../lib/error-message.ts';
import { errorStatus } from '../../lib/api-client.ts';
import { formatCount } from '../../lib/format-number.ts';
import { leaderboardPath, loginPath, PATHS } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { joinGroup, useInvitePreview } from '../../lib/groups/groups.ts';
import { forgetInvite, rememberInvite, welcomeTo } from '../../lib/groups/pending-invite.ts';
import './groups.css';

function Joining({ inviteCode }: { inviteCode: string }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false); // StrictMode runs effects twice: join once
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    forgetInvite();
    joinGroup(inviteCode).then(
      (joined) => {
        const { path, state } = welcomeTo(joined);
        navigate(path, { replace: true, state });
      },
      (error: unknown) => setFailure(serverErrorMessage(error, {}) ?? MSG.somethingWentWrong),
    );
  }, [inviteCode, navigate]);
  if (!failure) return <LoadingBlock label="Joining the group" />;
  return (
    <div className="page page-narrow">
      <EmptyState icon={<UserIcon size={28} />} title="Could not join">
        <p>{failure}</p>
        <Link to={leaderboardPath('groups')} className="btn btn-secondary">
          Your groups
        </Link>
      </EmptyState>
    </div>
  );
}

function Invited({ inviteCode }: { inviteCode: string }) {
  const { data: invite, error } = useInvitePreview(inviteCode);
  const isVoid = errorStatus(error) === 404 || errorStatus(error) === 400;
  useEffect(() => (isVoid ? forgetInvite() : rememberInvite(inviteCode)), [inviteCode, isVoid]);
  const back = window.location.href;
  if (isVoid) {
    return (
      <div className="page page-narrow">
        <EmptyState icon={<UserIcon size={28} />} title="Invite link not valid">
          <p>{MSG.inviteInvalid}.</p>
          <Link to={PATHS.events} className="btn btn-secondary">
            See the matches
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (!invite && !error) return <LoadingBlock label="Opening the invite" />;
  return (
    <div className="page page-narrow">
      <section className="card join-card">
        <div className="join-icon" aria-hidden="true">
          <UserIcon size={30} />
        </div>
        {invite ? (
          <>
            <p className="join-kicker">You're invited to join</p>
            <h1 className="page-title join-group-name">{invite.name}</h1>
            <p className="join-members">
              {formatCount(invite.memberCount)} {invite.memberCount === 1 ? 'member' : 'members'}
            </p>
          </>
        ) : (
          <h1 className="page-title">You're invited to a group</h1>
        )}
        <p className="muted">Bet play coins on your hostel's matches and see who wins the most trophies. Sign up or log in to join.</p>
        <div className="join-actions">
          <Link to={PATHS.registration} className="btn btn-primary btn-block">
            Sign up and join
          </Link>
          <Link to={loginPath(back)} className="btn btn-secondary btn-block">
            Log in and join
          </Link>
        </div>
      </section>
    </div>
  );
}

export default function JoinPage() {
  const { inviteCode = '' } = useParams();
  const { isAuthenticated } = useSession();
  return isAuthenticated ? <Joining inviteCode={inviteCode} /> : <Invited inviteCode={inviteCode} />;
}
