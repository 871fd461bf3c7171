// A person's page in the console (/operator/users/{id}): who they are, their wallet, then their prizes,
// withdrawals, bets and coin history, each in its own card, newest first.
import { Suspense, useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { AdminPerson, AdminPrize, BetHistoryItem } from '#shared/api.ts';
import { formatDate, formatDateTime } from '#shared/format.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CoinIcon, RupeeIcon, TrophyIcon, UserIcon } from '../../../components/icons.tsx';
import { Link } from '../../../components/link.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { serverErrorMessage } from '../../../lib/error-message.ts';
import { formatCount, formatRupees } from '../../../lib/format-number.ts';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { onDemand } from '../../../lib/on-demand.ts';
import { operatorUsersPath } from '../../../lib/paths.ts';
import { isPersonKey, usePerson, usePersonBets } from './api/get-person.ts';
import { OperatorPage } from '../operator-page.tsx';
import { coinsText, prizeAmountText, rupeesText } from '../money/amounts.ts';
import { WITHDRAWAL_STATUS_LABELS } from '../money/withdrawal-status.ts';
import './person.css';

const creditDialog = onDemand(() => import('../money/credit-dialog.tsx'));
// A prize credited by mistake is taken back from its row: the dialog loads at the first "Reverse".
const reverseDialog = onDemand(() => import('../money/reverse-prize-dialog.tsx'));

// Asked for as the page opens, while the person loads.
const PersonLedger = lazyPage(() => import('./person-ledger.tsx'));

/** A card with its heading; the heading names the section for screen readers too. */
function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <section className="card person-section" aria-labelledby={id}>
      <h2 className="person-section-title" id={id}>
        {title}
        {count !== undefined && count > 0 && <span className="person-count">{count}</span>}
      </h2>
      {children}
    </section>
  );
}

function Summary({ person, onCredit }: { person: AdminPerson; onCredit: () => void }) {
  const { user, wallet } = person;
  return (
    <section className="card person-summary" aria-label="Profile and wallet">
      <div className="person-who">
        <p className="operator-row-meta person-email">{user.email}</p>
        <p className="person-tags">
          {user.role === 'operator' && <span className="status-chip status-paid">Operator</span>}
          {user.mayCreateTournaments && user.role !== 'operator' && <span className="status-chip status-pending">Creates tournaments</span>}
          {user.verified ? <span className="status-chip status-paid">Verified</span> : <span className="status-chip status-rejected">Unverified</span>}
        </p>
        <p className="operator-row-meta">Joined {formatDate(user.createdAt)}</p>
      </div>
      <dl className="person-wallet">
        <div>
          <dt>Coins</dt>
          <dd>
            <CoinIcon size={18} /> {formatCount(wallet.coins)}
          </dd>
        </div>
        <div>
          <dt>Cash</dt>
          <dd>
            <RupeeIcon size={18} /> {formatRupees(wallet.cash)}
          </dd>
        </div>
        <div>
          <dt>Won in bets</dt>
          <dd>
            <CoinIcon size={18} /> {formatCount(wallet.earnings)}
          </dd>
        </div>
        <div>
          <dt>Trophies</dt>
          <dd>
            <TrophyIcon size={18} /> {formatCount(user.trophy)}
          </dd>
        </div>
      </dl>
      <div className="operator-actions">
        <Button variant="secondary" className="btn-small" onClick={onCredit} aria-label={`Credit a prize to ${user.userName}`}>
          Credit prize
        </Button>
      </div>
    </section>
  );
}

function Prizes({ person, onReverse }: { person: AdminPerson; onReverse: (prize: AdminPrize) => void }) {
  return (
    <Section id="person-prizes" title="Prizes" count={person.prizes.length}>
      {person.prizes.length === 0 ? (
        <p className="muted">No prizes credited.</p>
      ) : (
        <ul className="operator-list">
          {person.prizes.map((prize) => (
            <li key={prize.creditId} className="operator-row">
              <div className="operator-row-main">
                <h3 className="operator-row-title">
                  {prizeAmountText(prize)}
                  {prize.reversed && <span className="status-chip status-rejected">Reversed</span>}
                </h3>
                <p className="operator-row-meta">{prize.reason}</p>
                <p className="operator-row-meta">{formatDateTime(prize.createdAt)}</p>
              </div>
              {!prize.reversed && (
                <div className="operator-actions">
                  <Button variant="secondary" className="btn-small operator-danger" onClick={() => onReverse(prize)} aria-label={`Reverse the prize of ${prize.reason}`}>
                    Reverse
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Withdrawals({ person }: { person: AdminPerson }) {
  return (
    <Section id="person-withdrawals" title="Withdrawals" count={person.withdrawals.length}>
      {person.withdrawals.length === 0 ? (
        <p className="muted">No withdrawals requested.</p>
      ) : (
        <ul className="operator-list">
          {person.withdrawals.map((withdrawal) => (
            <li key={withdrawal._id} className="operator-row">
              <div className="operator-row-main">
                <h3 className="operator-row-title">
                  {rupeesText(withdrawal.amount)}
                  <span className={`status-chip status-${withdrawal.status}`}>{WITHDRAWAL_STATUS_LABELS[withdrawal.status]}</span>
                </h3>
                <p className="operator-row-meta">
                  To UPI <span className="operator-code">{withdrawal.upiId}</span>
                </p>
                <p className="operator-row-meta">Requested {formatDateTime(withdrawal.createdAt)}</p>
                {withdrawal.decidedAt && (
                  <p className="operator-row-meta">
                    {WITHDRAWAL_STATUS_LABELS[withdrawal.status]} {formatDateTime(withdrawal.decidedAt)}
                    {withdrawal.reference && (
                      <>
                        {' '}
                        · UTR <span className="operator-code">{withdrawal.reference}</span>
                      </>
                    )}
                    {withdrawal.reason && <> · {withdrawal.reason}</>}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** A bet's state in a word, and its chip's colour. */
function betState(bet: BetHistoryItem): { label: string; tone: string } {
  if (bet.isRefunded) return { label: 'Refunded', tone: 'status-pending' };
  if (!bet.isOver || bet.isWin === undefined) return { label: 'Pending', tone: 'status-pending' };
  return bet.isWin ? { label: 'Won', tone: 'status-paid' } : { label: 'Lost', tone: 'status-rejected' };
}

function Bets({ userId }: { userId: string }) {
  const { data: bets, error } = usePersonBets(userId);
  return (
    <Section id="person-bets" title="Bets" count={bets?.length}>
      {error ? (
        <FormError message={serverErrorMessage(error, {})} />
      ) : !bets ? (
        <LoadingBlock label="Loading bets" />
      ) : bets.length === 0 ? (
        <p className="muted">No bets placed.</p>
      ) : (
        <ul className="operator-list">
          {bets.map((bet) => {
            const state = betState(bet);
            return (
              <li key={bet._id} className="operator-row">
                <div className="operator-row-main">
                  <h3 className="operator-row-title">
                    {bet.betWay === 'cash' ? rupeesText(bet.amount) : coinsText(bet.amount)} on {bet.teamName}
                    <span className={`status-chip ${state.tone}`}>{state.label}</span>
                  </h3>
                  <p className="operator-row-meta">Placed {formatDateTime(bet.createdAt)}</p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

/** The coin history, its code loaded beside the page's own (below the fold on a phone). */
function CoinHistory({ userId }: { userId: string }) {
  return (
    <Section id="person-ledger" title="Coin history">
      <Suspense fallback={<LoadingBlock label="Loading coin history" />}>
        <PersonLedger userId={userId} />
      </Suspense>
    </Section>
  );
}

export default function OperatorPersonPage() {
  const { userId = '' } = useParams();
  const from = (useLocation().state as { query?: string } | null)?.query;
  const { data: person, error } = usePerson(userId);
  const { mutate } = useSWRConfig();
  const [crediting, setCrediting] = useState(false);
  creditDialog.usePreloadWhenIdle();
  const closeCredit = () => {
    setCrediting(false);
    // A prize changes the wallet, the prizes and the coin history.
    void mutate(isPersonKey(userId));
  };
  const CreditDialog = creditDialog.useModule(crediting, () => setCrediting(false))?.CreditDialog;
  const [reversing, setReversing] = useState<AdminPrize | null>(null);
  const ReversePrizeDialog = reverseDialog.useModule(reversing !== null, () => setReversing(null))?.ReversePrizeDialog;
  const back = (
    <Link className="person-back" to={operatorUsersPath(from)}>
      ← All users
    </Link>
  );
  if (error || !person) {
    return (
      <OperatorPage wide title="User" subtitle="A person's profile, wallet, coin history, bets, prizes and withdrawals.">
        {back}
        {error ? (
          <EmptyState icon={<UserIcon size={28} />} title={serverErrorMessage(error, { 404: MSG.userNotFound, 400: MSG.userNotFound }) ?? MSG.userNotFound} />
        ) : (
          <LoadingBlock label="Loading user" />
        )}
      </OperatorPage>
    );
  }
  return (
    <OperatorPage wide title={person.user.userName} subtitle="Profile, wallet, prizes, withdrawals, bets and coin history, newest first.">
      {back}
      <Summary person={person} onCredit={() => setCrediting(true)} />
      <div className="person-columns">
        <Prizes person={person} onReverse={setReversing} />
        <Withdrawals person={person} />
      </div>
      <Bets userId={userId} />
      <CoinHistory userId={userId} />
      {CreditDialog && <CreditDialog user={crediting ? person.user : null} query="" onClose={closeCredit} />}
      {ReversePrizeDialog && (
        <ReversePrizeDialog
          target={reversing && { userId, userName: person.user.userName, prize: reversing }}
          isAffectedKey={isPersonKey(userId)}
          onClose={() => setReversing(null)}
        />
      )}
    </OperatorPage>
  );
}
