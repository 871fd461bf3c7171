// 'Who lifts the cup?': a tournament's winner pool. Its status, its total and backers, the rules in three
// lines, and each team with its share of the pool, the coins on it and the crowd's odds (read again every
// few seconds while it is open, so they move as stakes come). A tap on a team opens its stake form (also
// opened by ?team=, from the bracket); a visitor sees the odds and is asked to sign in instead. Below:
// the bettor's own stakes and, once the pool has closed, whom their groups backed.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { PoolStake, PoolTeam, TournamentPool } from '#shared/api.ts';
import { COIN_BET_MAX, COIN_BET_MIN } from '#shared/constants.ts';
import { formatDateTime } from '#shared/format.ts';
import { MSG } from '#shared/messages.ts';
import { coinPaysText, wouldPay } from '#shared/pool-shares.ts';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { TrophyIcon } from '../../components/icons.tsx';
import { Link } from '../../components/link.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { TextField } from '../../components/text-field.tsx';
import { errorStatus, isApiError } from '../../lib/api-client.ts';
import { serverErrorMessage } from '../../lib/error-message.ts';
import { tournamentPoolKey, useTournamentPool } from '../../lib/game/get-tournament-pool.ts';
import { useTournamentList } from '../../lib/game/get-tournament-list.ts';
import { coinCount, poolStatusLine, sharePercent } from '../../lib/game/pool-text.ts';
import { eventsPath, loginPath, PATHS } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { useWallet } from '../../lib/wallet/get-wallet.ts';
import { formatCount } from '../../lib/format-number.ts';
import { useRefreshBalances } from '../../lib/wallet/refresh-balances.ts';
import { useGroupPicks } from './api/group-picks.ts';
import { myStakesKey, useMyStakes } from './api/my-stakes.ts';
import { placeStake } from './api/place-stake.ts';
import { isAmountProblem, quickAmounts, stakeAmountProblem, stakePayoutText, stakeStatusText } from './pool-text.ts';
import './pool.css';

const TEAM_PARAM = 'team';
const teamRowId = (teamId: string) => `pool-team-${teamId}`;

function PoolRules() {
  return (
    <ul className="pool-rules">
      <li>The pool is shared among the champion&apos;s backers, in proportion to their stakes.</li>
      <li>If nobody backed the champion, every stake comes back. The house takes nothing.</li>
      <li>Coins are play money: never bought, sold or exchanged.</li>
    </ul>
  );
}

/**
 * One tap sets the amount, as on the bet screen. Drawn here again (and its amounts worked out again in
 * pool-text.ts): a module shared with the bet screen would be a chunk of its own there, past its first-load
 * budget (docs/benchmarks.md "spa").
 */
function QuickAmounts({ available, amountText, onPick }: { available: number; amountText: string; onPick: (amount: number) => void }) {
  const { amounts, most } = quickAmounts(available);
  if (most === null) return null;
  const chip = (amount: number, label: string) => (
    <button key={label} type="button" className="pool-quick" aria-pressed={amountText === String(amount)} onClick={() => onPick(amount)}>
      {label}
    </button>
  );
  return (
    <div className="pool-quick-amounts" role="group" aria-label="Quick amounts">
      {amounts.map((amount) => chip(amount, formatCount(amount)))}
      {chip(most, `Max ${formatCount(most)}`)}
    </div>
  );
}

function StakeForm({ pool, entry }: { pool: TournamentPool; entry: PoolTeam }) {
  const { team } = entry;
  const [amountText, setAmountText] = useState(String(COIN_BET_MIN));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: wallet } = useWallet();
  const { mutate } = useSWRConfig();
  const refreshBalances = useRefreshBalances();

  const changeAmount = (text: string) => {
    setAmountText(text);
    setAmountError(null);
  };
  const refreshPool = () => Promise.all([mutate(tournamentPoolKey(pool.tournamentId)), mutate(myStakesKey(pool.tournamentId)), refreshBalances()]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(amountText);
    const problem = stakeAmountProblem(amount, wallet?.totalCoins);
    if (problem) {
      setAmountError(problem);
      toast.short.warning(problem);
      return;
    }
    setBusy(true);
    try {
      await placeStake({ tournamentId: pool.tournamentId, teamId: team._id, amount });
      toast.short.success(MSG.poolStakePlaced);
      await refreshPool();
    } catch (failure) {
      // Refused (closed meanwhile, knocked out, already staked) or refunded as it arrived: what changed is read again.
      void refreshPool();
      const message = serverErrorMessage(failure, {});
      if (message && isApiError(failure) && isAmountProblem(message)) setAmountError(message);
      if (message) toast.short.error(message);
    } finally {
      setBusy(false);
    }
  };

  const pays = wouldPay(pool.total, entry.coins, Number(amountText));
  return (
    <form className="pool-stake-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Stake on ${team.teamName}`}>
      <TextField
        label="Amount (coins)"
        name="amount"
        type="number"
        inputMode="numeric"
        min={COIN_BET_MIN}
        max={COIN_BET_MAX}
        step={1}
        value={amountText}
        onChange={(e) => changeAmount(e.target.value)}
        error={amountError}
        hint={`${COIN_BET_MIN} to ${COIN_BET_MAX} coins, one stake per team.${wallet ? ` You have ${coinCount(wallet.totalCoins)}.` : ''}`}
      />
      {wallet && <QuickAmounts available={wallet.totalCoins} amountText={amountText} onPick={(amount) => changeAmount(String(amount))} />}
      <p className="pool-would-pay" aria-live="polite">
        {pays === null ? (
          'Enter an amount to see what it would pay.'
        ) : (
          <>
            At the odds now, {coinCount(Number(amountText))} would pay <strong>{coinCount(pays)}</strong> if {team.teamName} lifts the cup.
          </>
        )}
      </p>
      <Button type="submit" busy={busy} block>
        Stake on {team.teamName}
      </Button>
    </form>
  );
}

interface TeamRowProps {
  pool: TournamentPool;
  entry: PoolTeam;
  myStake: PoolStake | undefined;
  open: boolean;
  onToggle: () => void;
  signedIn: boolean;
}

function TeamRow({ pool, entry, myStake, open, onToggle, signedIn }: TeamRowProps) {
  const { team, share, out } = entry;
  // A team takes stakes while the pool is open and it is still in the cup.
  const takesStakes = pool.status === 'open' && !out;
  const formId = `${teamRowId(team._id)}-form`;
  const percent = sharePercent(share);
  const name = (
    <>
      <span className="pool-team-name">{team.teamName}</span>
      {out && <span className="pool-out-badge">Knocked out</span>}
      <span className="pool-team-share">{percent}</span>
    </>
  );
  return (
    <li className={`card pool-team${out ? ' is-out' : ''}${open && takesStakes ? ' is-open' : ''}`} id={teamRowId(team._id)}>
      {takesStakes ? (
        <button type="button" className="pool-team-head is-action" aria-expanded={open} aria-controls={open ? formId : undefined} onClick={onToggle}>
          <span className="pool-team-chevron" aria-hidden="true">
            ›
          </span>
          {name}
        </button>
      ) : (
        <div className="pool-team-head">{name}</div>
      )}
      <div className="pool-bar" aria-hidden="true">
        <span style={{ width: `${Math.min(100, share * 100)}%` }} />
      </div>
      <p className="pool-team-facts">
        <span>{coinCount(entry.coins)} on it</span>
        <span>{coinPaysText(entry.pays)}</span>
      </p>
      {myStake && (
        <p className="pool-my-stake">
          Your stake: {coinCount(myStake.amount)} · {stakeStatusText(myStake, out)}
        </p>
      )}
      {open && takesStakes && (
        <div id={formId}>
          {!signedIn ? (
            <p className="pool-sign-in">
              <Link to={loginPath(window.location.href)} className="btn btn-secondary btn-block">
                Log in to back {team.teamName}
              </Link>
            </p>
          ) : myStake ? (
            <p className="muted">One stake per team: yours on {team.teamName} is in.</p>
          ) : (
            <StakeForm pool={pool} entry={entry} />
          )}
        </div>
      )}
    </li>
  );
}

const STATUS_TONE: Record<PoolStake['status'], string> = { pending: 'status-pending', accepted: 'status-pending', won: 'status-paid', lost: 'status-rejected', refunded: '' };

function MyStakes({ stakes, pool }: { stakes: PoolStake[]; pool: TournamentPool }) {
  if (stakes.length === 0) return null;
  const out = new Set(pool.teams.filter((entry) => entry.out).map((entry) => entry.team._id));
  return (
    <section className="card pool-section" aria-labelledby="pool-my-stakes">
      <h2 id="pool-my-stakes">Your stakes</h2>
      <ul className="rule-list">
        {stakes.map((stake) => {
          const payout = stakePayoutText(stake);
          return (
            <li key={stake.teamId}>
              <span className="rule-list-main">
                <strong>{stake.teamName}</strong>
                <span className="rule-list-meta">
                  {coinCount(stake.amount)}
                  {payout && ` · ${payout}`}
                </span>
              </span>
              <span className={`status-chip ${STATUS_TONE[stake.status]}`}>{stakeStatusText(stake, out.has(stake.teamId))}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function GroupPicks({ tournamentId }: { tournamentId: string }) {
  const { data: groups } = useGroupPicks(tournamentId, true);
  if (!groups) return null;
  return (
    <section className="card pool-section" aria-labelledby="pool-group-picks">
      <h2 id="pool-group-picks">Your groups&apos; picks</h2>
      {groups.length === 0 && <p className="muted">No picks from your groups in this pool.</p>}
      {groups.map((group) => (
        <div key={group.groupId} className="pool-group">
          <h3>{group.groupName}</h3>
          {group.picks.length === 0 ? (
            <p className="muted">Nobody in this group backed a team.</p>
          ) : (
            <ul className="rule-list">
              {group.picks.map((pick) => (
                <li key={pick.teamId}>
                  <strong>{pick.teamName}</strong>
                  <span className="rule-list-meta">{pick.names.join(', ')}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}

function PoolScreen({ tournamentId }: { tournamentId: string }) {
  const { data: pool, error } = useTournamentPool(tournamentId, { live: true });
  const tournament = useTournamentList()?.find((each) => each._id === tournamentId);
  const signedIn = useSession().isAuthenticated === true;
  const { data: stakes } = useMyStakes(tournamentId, signedIn);
  const { mutate } = useSWRConfig();
  const [params, setParams] = useSearchParams();
  const chosen = params.get(TEAM_PARAM);
  const status = pool?.status;

  // A closed or decided pool settles the stakes: read them again when the status moves.
  const seenStatus = useRef(status);
  useEffect(() => {
    if (seenStatus.current && status !== seenStatus.current && signedIn) void mutate(myStakesKey(tournamentId));
    seenStatus.current = status;
  }, [status, signedIn, tournamentId, mutate]);

  // A team named in the address (the bracket's tap): its row brought into view once, when the pool is in.
  const scrolled = useRef(false);
  const loaded = pool !== undefined;
  useEffect(() => {
    if (!loaded || !chosen || scrolled.current) return;
    scrolled.current = true;
    document.getElementById(teamRowId(chosen))?.scrollIntoView({ block: 'start' });
  }, [loaded, chosen]);

  if (error) {
    return (
      <EmptyState icon={<TrophyIcon size={28} />} title={errorStatus(error) === 404 ? MSG.poolNotFound : 'The cup pool could not be loaded'}>
        <Link to={eventsPath(tournamentId)} className="btn btn-secondary btn-small">
          Back to the tournament
        </Link>
      </EmptyState>
    );
  }
  if (!pool) return <LoadingBlock label="Loading the cup pool" />;

  const toggle = (teamId: string) => {
    const next = new URLSearchParams(params);
    if (chosen === teamId) next.delete(TEAM_PARAM);
    else next.set(TEAM_PARAM, teamId);
    setParams(next, { replace: true });
  };
  const mine = new Map((stakes ?? []).map((stake) => [stake.teamId, stake]));
  return (
    <>
      <p className="page-subtitle">
        {tournament && `${tournament.title} · `}
        <Link to={eventsPath(tournamentId, 'bracket')}>See the bracket</Link>
      </p>
      <section className="card pool-summary" aria-label="The pool">
        <p className={`pool-status is-${pool.status}`}>
          <TrophyIcon size={18} />
          <span>{poolStatusLine(pool, formatDateTime)}</span>
        </p>
        <p className="pool-total">
          <strong>{coinCount(pool.total)}</strong> in the pool from {pool.backers} {pool.backers === 1 ? 'stake' : 'stakes'}
        </p>
        <PoolRules />
      </section>
      {stakes && <MyStakes stakes={stakes} pool={pool} />}
      {signedIn && pool.status !== 'open' && <GroupPicks tournamentId={tournamentId} />}
      <section aria-labelledby="pool-teams">
        <h2 id="pool-teams" className="pool-teams-title">
          {pool.status === 'open' ? 'Back a team' : 'The teams'}
        </h2>
        <ul className="pool-teams">
          {pool.teams.map((entry) => (
            <TeamRow
              key={entry.team._id}
              pool={pool}
              entry={entry}
              myStake={mine.get(entry.team._id)}
              open={chosen === entry.team._id}
              onToggle={() => toggle(entry.team._id)}
              signedIn={signedIn}
            />
          ))}
        </ul>
      </section>
    </>
  );
}

export default function PoolPage() {
  const [params] = useSearchParams();
  const tournamentId = params.get('tournamentId');
  if (!tournamentId) return <Navigate to={PATHS.notFound} replace />;
  return (
    <div className="page page-narrow pool-page">
      <h1 className="page-title">{MSG.poolTitle}</h1>
      <PoolScreen key={tournamentId} tournamentId={tournamentId} />
    </div>
  );
}
