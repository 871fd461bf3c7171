import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { WITHDRAW_MIN_RUPEES, WITHDRAW_PAYOUT_HOURS } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../components/button.tsx';
import { RupeeIcon } from '../../components/icons.tsx';
import { TextField } from '../../components/text-field.tsx';
import { errorStatus } from '../../lib/api-client.ts';
import { serverErrorMessage } from '../../lib/error-message.ts';
import { formatRupees } from '../../lib/format-number.ts';
import { PATHS } from '../../lib/paths.ts';
import { toast } from '../../lib/toast.ts';
import { useWallet } from '../../lib/wallet/get-wallet.ts';
import { useRefreshBalances } from '../../lib/wallet/refresh-balances.ts';
import { createWithdraw } from './api/create-withdraw.ts';
import { withdrawLimit, withdrawProblem } from './withdraw-form.ts';
import './wallet.css';

export default function WithdrawPage() {
  const { data: wallet } = useWallet();
  const [amountText, setAmountText] = useState(String(WITHDRAW_MIN_RUPEES));
  const [upiId, setUpiId] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const limit = wallet ? withdrawLimit(wallet.totalCash) : null;
  const refreshBalances = useRefreshBalances();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(amountText);
    const problem = withdrawProblem(amount, upiId);
    if (problem) {
      toast.short[problem.variant](problem.message);
      return;
    }
    setBusy(true);
    try {
      await createWithdraw(amount, upiId.trim());
      toast.short.success(MSG.withdrawSent, PATHS.wallet);
      void refreshBalances();
      navigate(PATHS.wallet);
    } catch (failure) {
      // A 400 is the spec's "not enough" answer, shown as a warning; other refusals explain themselves.
      if (errorStatus(failure) === 400) toast.short.warning(MSG.notEnoughWallet);
      else {
        const message = serverErrorMessage(failure, {});
        if (message) toast.short.error(message);
      }
      setBusy(false);
    }
  };

  return (
    <div className="page page-narrow withdraw-page">
      <h1 className="page-title">Withdraw money</h1>
      <p className="page-subtitle">Cash prizes go to your UPI account. Coins stay in the game.</p>
      <form className="card form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="withdraw-balance">
          <span>Wallet balance</span>
          <strong>
            <RupeeIcon size={20} />
            <span className="visually-hidden">Rupees </span>
            {wallet ? formatRupees(wallet.totalCash) : '–'}
          </strong>
        </p>
        <TextField
          label="Amount (rupees)"
          name="amount"
          type="number"
          inputMode="decimal"
          min={WITHDRAW_MIN_RUPEES}
          step={0.01}
          value={amountText}
          onChange={(e) => setAmountText(e.target.value)}
          max={limit?.max}
          hint={limit && !limit.blockedBecause ? `From ${WITHDRAW_MIN_RUPEES} up to ${formatRupees(limit.max)} rupees.` : `At least ${WITHDRAW_MIN_RUPEES} rupees.`}
        />
        <TextField
          label="UPI id"
          name="upiId"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="someone@provider"
          value={upiId}
          onChange={(e) => setUpiId(e.target.value)}
        />
        <p className="withdraw-note">The money arrives in your account within {WITHDRAW_PAYOUT_HOURS} hours.</p>
        {limit?.blockedBecause && (
          <p id="withdraw-blocked" className="withdraw-note">
            You can withdraw up to ₹0 now. {limit.blockedBecause}
          </p>
        )}
        <Button type="submit" busy={busy} block disabled={!limit || !!limit.blockedBecause} aria-describedby={limit?.blockedBecause ? 'withdraw-blocked' : undefined}>
          Complete withdrawl
        </Button>
      </form>
    </div>
  );
}
