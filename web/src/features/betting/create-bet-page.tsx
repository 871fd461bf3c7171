import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { CASH_BET_MAX_RUPEES, CASH_BET_MIN_RUPEES, COIN_BET_MAX, COIN_BET_MIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../components/button.tsx';
import { CurrencyIcon } from '../../components/currency-icon.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { TextField } from '../../components/text-field.tsx';
import { serverErrorMessage } from '../../lib/error-message.ts';
import { formatCount } from '../../lib/format-number.ts';
import { confirmBettingPath, PATHS, type CreateBetQuery } from '../../lib/paths.ts';
import { toast } from '../../lib/toast.ts';
import { useWallet } from '../../lib/wallet/get-wallet.ts';
import { useRefreshBalances } from '../../lib/wallet/refresh-balances.ts';
import { createBet } from './api/create-bet.ts';
import { createTransaction } from './api/create-transaction.ts';
import { betAmountProblem, defaultBetAmount, parseCreateBetQuery } from './bet-form.ts';
import './betting.css';

function CoinsAvailable() {
  const { data: wallet } = useWallet();
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

function CreateBetForm({ query }: { query: CreateBetQuery }) {
  const { mode, teamId, eventId, team } = query;
  const [amountText, setAmountText] = useState(String(defaultBetAmount(mode)));
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const refreshBalances = useRefreshBalances();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(amountText);
    const problem = betAmountProblem(amount);
    if (problem) {
      toast.short.warning(problem);
      return;
    }
    setBusy(true);
    try {
      const { betId } = await createBet({ teamId, eventId, betWay: mode, amount });
      // Spec §4: the coins are already debited; a failed transaction step is silently ignored.
      await createTransaction(betId).catch(() => {});
      void refreshBalances();
      navigate(confirmBettingPath(betId));
    } catch (failure) {
      // A bet that arrived as betting closed was refunded (409) with a notification: show both.
      void refreshBalances();
      const message = serverErrorMessage(failure, { 404: MSG.notEnoughCoins, 402: MSG.alreadyBet });
      if (message) toast.short.error(message);
      setBusy(false);
    }
  };

  const unit = mode === 'coin' ? 'coins' : 'rupees';
  return (
    <div className="page page-narrow create-bet-page">
      <form className="card form bet-card" onSubmit={(event) => void submit(event)} noValidate>
        <h1 className="bet-title">Initiate betting on {team}</h1>
        {mode === 'coin' && <CoinsAvailable />}
        <TextField
          label={`Amount (${unit})`}
          name="amount"
          type="number"
          inputMode="numeric"
          min={mode === 'coin' ? COIN_BET_MIN : CASH_BET_MIN_RUPEES}
          max={mode === 'coin' ? COIN_BET_MAX : CASH_BET_MAX_RUPEES}
          step={1}
          value={amountText}
          onChange={(e) => setAmountText(e.target.value)}
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
        <Button type="submit" busy={busy} block>
          {mode === 'coin' ? 'Confirm betting' : 'Proceed to pay'}
        </Button>
      </form>
    </div>
  );
}

export default function CreateBetPage() {
  const [params] = useSearchParams();
  const query = parseCreateBetQuery(params);
  if (!query) return <Navigate to={PATHS.notFound} replace />;
  return <CreateBetForm query={query} />;
}
