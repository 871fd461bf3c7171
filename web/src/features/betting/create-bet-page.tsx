import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { useSWRConfig } from 'swr';
import type { BetWay, CardBet, GameEvent, MatchView, Wallet } from '#shared/api.ts';
import { CASH_BET_MAX_RUPEES, CASH_BET_MIN_RUPEES, COIN_BET_MAX, COIN_BET_MIN, WIN_MULTIPLIER } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { payoutFor } from '#shared/payout.ts';
import { UNDERDOG_RULE_TEXT } from '#shared/underdog.ts';
import { Button } from '../../components/button.tsx';
import { CurrencyIcon } from '../../components/currency-icon.tsx';
import { LoadingBlock, Spinner } from '../../components/spinner.tsx';
import { TextField } from '../../components/text-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { serverErrorMessage } from '../../lib/error-message.ts';
import { formatCount } from '../../lib/format-number.ts';
import { matchKey, useMatch } from '../../lib/game/get-match.ts';
import { afterNextPaint } from '../../lib/after-paint.ts';
import { eventStatus } from '../../lib/game/event-status.ts';
import { useMyBet } from '../../lib/game/get-my-bets.ts';
import { confirmBettingPath, eventsPath, PATHS, type CreateBetQuery } from '../../lib/paths.ts';
import { toast } from '../../lib/toast.ts';
import { useWallet } from '../../lib/wallet/get-wallet.ts';
import { useRefreshBalances } from '../../lib/wallet/refresh-balances.ts';
import { createBet } from './api/create-bet.ts';
import { createTransaction } from './api/create-transaction.ts';
import { betAmountProblem, defaultBetAmount, isAmountProblem, parseCreateBetQuery, quickAmounts, winningsFor } from './bet-form.ts';
import { MatchSummary } from './match-summary.tsx';
import './betting.css';

/** Offered only to a bettor below the smallest stake: its own chunk, so the screen's first load stays in its budget. */
const DailyCoinsCard = lazy<ComponentType<{ allowance: Wallet['allowance'] | undefined }>>(() =>
  import('../../components/daily-coins-card.tsx').then(
    (m) => ({ default: m.DailyCoinsCard }),
    () => ({ default: () => null }), // the code did not arrive: the wallet still offers them
  ),
);

/** Whether the match may end drawn needs its tournament's shape: read after the form shows. */
const DrawNote = lazy<ComponentType<{ tournamentId: string; eventId: string }>>(() =>
  import('./draw-note.tsx').catch(() => ({ default: () => null })), // the code did not arrive: no note this time
);

function CoinsAvailable({ wallet }: { wallet: Wallet | undefined }) {
  return (
    <p className="bet-available">
      <CurrencyIcon betWay="coin" size={20} />
      <span>
        You have{' '}
        <strong className="bet-available-amount">{wallet ? formatCount(wallet.totalCoins) : <Spinner size={14} label="Loading your coins" />}</strong>{' '}
        available on your wallet
      </span>
    </p>
  );
}

/** One tap sets the amount: 100, 250 and 500 below the most the bettor may stake, then that most. */
function QuickAmounts({ available, amountText, onPick }: { available: number; amountText: string; onPick: (amount: number) => void }) {
  const { amounts, most } = quickAmounts(available);
  if (most === null) return null;
  const chip = (amount: number, label: string) => (
    <button key={label} type="button" className="bet-quick" aria-pressed={amountText === String(amount)} onClick={() => onPick(amount)}>
      {label}
    </button>
  );
  return (
    <div className="bet-quick-amounts" role="group" aria-label="Quick amounts">
      {amounts.map((amount) => chip(amount, formatCount(amount)))}
      {chip(most, `Max ${formatCount(most)}`)}
    </div>
  );
}

/** What the stake pays if the team wins, as it is typed. */
function Winnings({ amountText, team, mode }: { amountText: string; team: string; mode: BetWay }) {
  const winnings = winningsFor(amountText);
  const unit = mode === 'coin' ? 'coins' : 'rupees';
  return (
    <p className="bet-winnings" aria-live="polite">
      {winnings === null ? (
        'Enter an amount to see what a win pays.'
      ) : (
        <>
          If {team} wins you get{' '}
          <strong className="bet-winnings-amount">
            {formatCount(winnings)} {unit}
          </strong>{' '}
          ({WIN_MULTIPLIER}× your stake).
        </>
      )}
    </p>
  );
}

/** Why betting on the match is closed now (its status, as its card reads it), as the bet screen says it; null while open or unknown. */
function closedReason(match: GameEvent | undefined, now: number): string | null {
  if (!match) return null;
  const status = eventStatus(match, now);
  switch (status.kind) {
    case 'over':
      return `The result is in: ${status.winner.teamName} won. Betting on this match has closed.`;
    case 'drawn':
      return 'This match ended in a draw: every stake is returned. Betting on it has closed.';
    case 'void':
      return 'This match was called off. Betting on it has closed.';
    case 'closed':
      return 'This match has started. Betting on it has closed.';
    case 'paused':
      return 'Betting on this match is paused for now.';
    case 'open':
      return null;
  }
}

/** The clock, ticking once when the match starts (betting closes then). */
function useNowUntil(time: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const wait = time ? Date.parse(time) - Date.now() : -1;
    if (!(wait > 0) || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setNow(Date.now()), wait + 50);
    return () => clearTimeout(timer);
  }, [time]);
  return now;
}

/** The amount typed for this bet, kept for the tab: a reload in the middle of a bet keeps it. */
const draftKey = (query: CreateBetQuery) => `bet-amount:${query.eventId}:${query.teamId}:${query.mode}`;
function readDraft(query: CreateBetQuery): string | null {
  try {
    return sessionStorage.getItem(draftKey(query));
  } catch {
    return null;
  }
}
function keepDraft(query: CreateBetQuery, text: string | null) {
  try {
    if (text === null) sessionStorage.removeItem(draftKey(query));
    else sessionStorage.setItem(draftKey(query), text);
  } catch {
    // Storage refused (private mode): the amount is simply not kept.
  }
}

function CreateBetForm({ query, match }: { query: CreateBetQuery; match: MatchView | undefined }) {
  const { mode, teamId, eventId, team } = query;
  const [amountText, setAmountText] = useState(() => readDraft(query) ?? String(defaultBetAmount(mode)));
  const { mutate } = useSWRConfig();
  const closed = closedReason(match, useNowUntil(match?.time));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const refreshBalances = useRefreshBalances();
  const { data: wallet } = useWallet();
  const broke = mode === 'coin' && wallet !== undefined && wallet.totalCoins < COIN_BET_MIN;

  const changeAmount = (text: string) => {
    setAmountText(text);
    setAmountError(null);
    keepDraft(query, text);
  };

  const refuse = (message: string) => {
    if (isAmountProblem(message)) setAmountError(message);
    toast.short.warning(message);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(amountText);
    const problem = betAmountProblem(amount) ?? (mode === 'coin' && wallet && amount > wallet.totalCoins ? MSG.notEnoughCoins : null);
    if (problem) {
      refuse(problem);
      return;
    }
    setBusy(true);
    try {
      const { betId } = await createBet({ teamId, eventId, betWay: mode, amount });
      // Spec §4: the coins are already debited; a failed transaction step is silently ignored.
      await createTransaction(betId).catch(() => {});
      keepDraft(query, null);
      // Before leaving: back from the receipt, this screen then shows the bet, not a second form.
      await refreshBalances();
      navigate(confirmBettingPath(betId));
    } catch (failure) {
      // A bet refused moved no coin; the balances are read again all the same (another tab may have bet). A
      // bet already placed (from another tab) turns this screen into that bet.
      void refreshBalances();
      // Refused because betting closed meanwhile: the match is read again, and the screen says so (no live-looking form).
      void mutate(matchKey(eventId));
      const message = serverErrorMessage(failure, { 404: MSG.notEnoughCoins, 402: MSG.alreadyBet });
      if (message && isApiError(failure) && isAmountProblem(message)) setAmountError(message);
      if (message) toast.short.error(message);
      setBusy(false);
    }
  };

  const unit = mode === 'coin' ? 'coins' : 'rupees';
  return (
    <div className="page page-narrow create-bet-page">
      {broke && (
        <Suspense fallback={null}>
          <DailyCoinsCard allowance={wallet.allowance} />
        </Suspense>
      )}
      <form className="card form bet-card" onSubmit={(event) => void submit(event)} noValidate>
        <h1 className="bet-title">Initiate betting on {team}</h1>
        <MatchSummary match={match} teamId={teamId} />
        {mode === 'coin' && <CoinsAvailable wallet={wallet} />}
        {broke && !wallet.allowance.claimable && <p className="bet-broke">{MSG.tooFewCoinsToBet}</p>}
        <TextField
          label={`Amount (${unit})`}
          name="amount"
          type="number"
          inputMode="numeric"
          min={mode === 'coin' ? COIN_BET_MIN : CASH_BET_MIN_RUPEES}
          max={mode === 'coin' ? COIN_BET_MAX : CASH_BET_MAX_RUPEES}
          step={1}
          value={amountText}
          disabled={closed !== null}
          onChange={(e) => changeAmount(e.target.value)}
          error={amountError}
          hint={
            <>
              Coins: {COIN_BET_MIN} to {COIN_BET_MAX} per bet. Cash: {CASH_BET_MIN_RUPEES} to {CASH_BET_MAX_RUPEES} rupees. See the{' '}
              <Link to={PATHS.terms} className="tap-target">
                terms &amp; conditions
              </Link>
              .
            </>
          }
        />
        {mode === 'coin' && wallet && !closed && <QuickAmounts available={wallet.totalCoins} amountText={amountText} onPick={(amount) => changeAmount(String(amount))} />}
        {closed ? (
          <div className="bet-closed" role="status">
            <p>{closed}</p>
            <Link to={match ? eventsPath(match.tournamentId) : PATHS.home} className="btn btn-primary btn-block">
              Back to the match
            </Link>
          </div>
        ) : (
          <>
            <Winnings amountText={amountText} team={team} mode={mode} />
            <p className="muted bet-underdog">{UNDERDOG_RULE_TEXT}.</p>
            {match && (
              <Suspense fallback={null}>
                <DrawNote tournamentId={match.tournamentId} eventId={match._id} />
              </Suspense>
            )}
            <Button type="submit" busy={busy} block>
              {mode === 'coin' ? 'Confirm betting' : 'Proceed to pay'}
            </Button>
          </>
        )}
      </form>
    </div>
  );
}

const STATUS_TEXT: Record<CardBet['status'], string> = { pending: 'In play', won: 'Won', lost: 'Lost', refunded: 'Refunded' };
/** The chips' colours: in play as a pending order, a win as paid, a loss as refused; a refund plain. */
const STATUS_TONE: Record<CardBet['status'], string> = { pending: 'status-pending', won: 'status-paid', lost: 'status-rejected', refunded: '' };

/** The bettor's bet on this match, instead of a form for a second one the server would refuse. */
function PlacedBet({ bet, match, fallbackTeam }: { bet: CardBet; match: MatchView | undefined; fallbackTeam: string }) {
  const teamName = match?.teams.find((team) => team._id === bet.teamId)?.teamName ?? fallbackTeam;
  const payout =
    bet.status === 'won'
      ? { label: 'Paid', coins: bet.payout ?? payoutFor(bet.amount) }
      : bet.status === 'refunded'
        ? { label: 'Refunded', coins: bet.amount }
        : bet.status === 'pending'
          ? { label: 'Pays if it wins', coins: payoutFor(bet.amount) }
          : null;
  return (
    <div className="page page-narrow create-bet-page">
      <section className="card bet-card placed-bet" aria-labelledby="placed-bet-title">
        <h1 className="bet-title" id="placed-bet-title">
          Your bet on this match
        </h1>
        <MatchSummary match={match} teamId={bet.teamId} />
        <dl className="receipt placed-bet-facts">
          <div>
            <dt>Team</dt>
            <dd>{teamName}</dd>
          </div>
          <div>
            <dt>Stake</dt>
            <dd>{formatCount(bet.amount)} coins</dd>
          </div>
          {payout && (
            <div>
              <dt>{payout.label}</dt>
              <dd>{formatCount(payout.coins)} coins</dd>
            </div>
          )}
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`status-chip ${STATUS_TONE[bet.status]}`}>{STATUS_TEXT[bet.status]}</span>
            </dd>
          </div>
        </dl>
        <p className="muted placed-bet-note">One bet per match: bets cannot be changed or cancelled.</p>
        <Link to={match ? eventsPath(match.tournamentId) : PATHS.home} className="btn btn-primary btn-block">
          Back to matches
        </Link>
      </section>
    </div>
  );
}

/**
 * Follows the match while its form is open, or while the match of a bet placed is played (its live
 * score), laying each push over it (follow-match.ts): its code loads after the first paint, as the match
 * cards' does.
 */
function useFollowedMatch(match: MatchView | undefined) {
  const { mutate } = useSWRConfig();
  const tournamentId = match?.tournamentId;
  const eventId = match?._id;
  const shown = useRef(match);
  useEffect(() => {
    shown.current = match;
  }, [match]);
  useEffect(() => {
    if (!tournamentId || !eventId) return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    void afterNextPaint()
      .then(() => import('./follow-match.ts'))
      .then(
        ({ followMatch }) => {
          if (!unmounted)
            stop = followMatch(
              { tournamentId, eventId },
              () => shown.current,
              (next) => void mutate(matchKey(eventId), next, { revalidate: false }),
              () => void mutate(matchKey(eventId)),
            );
        },
        () => {}, // no live updates this time: a refused bet still reads the match again
      );
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [tournamentId, eventId, mutate]);
}

function CreateBetScreen({ query }: { query: CreateBetQuery }) {
  const match = useMatch(query.eventId);
  const myBet = useMyBet(query.eventId);
  const decided = match && ['over', 'drawn', 'void'].includes(eventStatus(match).kind);
  useFollowedMatch(myBet && decided ? undefined : match);
  if (myBet === undefined) return <LoadingBlock label="Loading your bet" />;
  if (myBet) return <PlacedBet bet={myBet} match={match} fallbackTeam={query.team} />;
  return <CreateBetForm query={query} match={match} />;
}

export default function CreateBetPage() {
  const [params] = useSearchParams();
  const query = parseCreateBetQuery(params);
  if (!query) return <Navigate to={PATHS.notFound} replace />;
  return <CreateBetScreen query={query} />;
}
