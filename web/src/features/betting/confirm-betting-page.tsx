import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import type { BetReceipt } from '#shared/api.ts';
import { HOME_TAB_NAME, SUCCESS_FIRST_IMAGE_MS } from '#shared/constants.ts';
import { formatDate, formatTimeWithZone } from '#shared/format.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../components/button.tsx';
import { CurrencyIcon } from '../../components/currency-icon.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { errorStatus } from '../../lib/api-client.ts';
import { formatCount, formatRupees } from '../../lib/format-number.ts';
import { useMatch } from '../../lib/game/get-match.ts';
import { PATHS } from '../../lib/paths.ts';
import { toast } from '../../lib/toast.ts';
import { useBet } from './api/get-bet.ts';
import { BetPlacedArt, BetTicketArt } from './success-art.tsx';
import './betting.css';

/** Statuses that mean "no such bet of yours": the page then is the catch-all (spec §8). */
const NOT_YOURS = [400, 401, 402, 404];

function SuccessArt() {
  const [showFirst, setShowFirst] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setShowFirst(false), SUCCESS_FIRST_IMAGE_MS);
    return () => clearTimeout(timer);
  }, []);
  return <div className="success-art">{showFirst ? <BetPlacedArt /> : <BetTicketArt />}</div>;
}

async function shareBet(bet: BetReceipt, amountText: string) {
  const unit = bet.betway === 'cash' ? 'rupees' : 'coins';
  try {
    if (!('share' in navigator)) throw new Error('Web Share API unavailable');
    await navigator.share({ title: HOME_TAB_NAME, text: `I just bet ${amountText} ${unit} on ${HOME_TAB_NAME}!`, url: window.location.origin });
  } catch (error) {
    // Closing the share sheet is the user's choice, not a failure.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    toast.short.error(MSG.unableToShare);
  }
}

/** The match the bet is on: its teams and its tournament (a placeholder while they load). */
function MatchName({ eventId }: { eventId: string }) {
  const match = useMatch(eventId);
  if (!match) return <Skeleton width="9em" height="1em" />;
  return (
    <>
      <span className="receipt-line">{match.teams.map((team) => team.teamName).join(' vs ')}</span>
      {match.tournamentTitle && <span className="receipt-line muted">{match.tournamentTitle}</span>}
    </>
  );
}

function Receipt({ bet }: { bet: BetReceipt }) {
  const amountText = bet.betway === 'cash' ? formatRupees(bet.amount) : formatCount(bet.amount);
  return (
    <div className="page page-narrow confirm-page">
      <section className="card confirm-card">
        <SuccessArt />
        <h1 className="confirm-title">
          Successfully betting of <span className="confirm-amount">{amountText}</span>
          <CurrencyIcon betWay={bet.betway} size={26} />
        </h1>
        <p className="muted">Your bet has been created. Good luck, and watch the match!</p>
        <dl className="receipt">
          <div>
            <dt>Match</dt>
            <dd>
              <MatchName eventId={bet.eventId} />
            </dd>
          </div>
          <div>
            <dt>Your team</dt>
            <dd>{bet.teamName}</dd>
          </div>
          {bet.betway === 'coin' && bet.status === 'pending' && (
            <div>
              <dt>Pays if it wins</dt>
              <dd>{formatCount(bet.payout)} coins</dd>
            </div>
          )}
          <div>
            <dt>Transaction id</dt>
            <dd className="receipt-id">{bet.transactionId || '—'}</dd>
          </div>
          <div>
            <dt>Billing date</dt>
            <dd>
              <time dateTime={bet.createdAt}>
                <span className="receipt-line">{formatDate(bet.createdAt)}</span>
                <span className="receipt-line muted">{formatTimeWithZone(bet.createdAt)}</span>
              </time>
            </dd>
          </div>
        </dl>
        <div className="confirm-actions">
          <Button variant="secondary" onClick={() => void shareBet(bet, amountText)}>
            Share
          </Button>
          <Link to={PATHS.home} className="btn btn-primary">
            Return home
          </Link>
        </div>
      </section>
    </div>
  );
}

export default function ConfirmBettingPage() {
  const [params] = useSearchParams();
  const betId = params.get('id');
  const { data: bet, error } = useBet(betId);

  if (!betId || NOT_YOURS.includes(errorStatus(error))) return <Navigate to={PATHS.notFound} replace />;
  if (error) {
    return (
      <div className="page page-narrow">
        <EmptyState title="This bet could not be loaded" />
      </div>
    );
  }
  if (!bet) return <LoadingBlock label="Loading your bet" />;
  return <Receipt bet={bet} />;
}
