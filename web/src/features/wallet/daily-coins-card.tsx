// The 'Claim daily coins' card: shown while the wallet says the daily allowance can be claimed (coins
// below the smallest bet, none claimed this UTC day), so a bettor who ran out can play again.
import { useState } from 'react';
import type { Wallet } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../components/button.tsx';
import { CoinIcon } from '../../components/icons.tsx';
import { serverErrorMessage } from '../../lib/error-message.ts';
import { formatCount } from '../../lib/format-number.ts';
import { toast } from '../../lib/toast.ts';
import { useRefreshBalances } from '../../lib/wallet/refresh-balances.ts';
import { claimAllowance } from './api/claim-allowance.ts';

export function DailyCoinsCard({ allowance }: { allowance: Wallet['allowance'] | undefined }) {
  const [busy, setBusy] = useState(false);
  const refreshBalances = useRefreshBalances();
  if (!allowance?.claimable) return null;
  const claim = async () => {
    setBusy(true);
    try {
      await claimAllowance();
      toast.success(MSG.allowanceClaimed);
    } catch (failure) {
      const message = serverErrorMessage(failure, {});
      if (message) toast.error(message);
    } finally {
      await refreshBalances();
      setBusy(false);
    }
  };
  return (
    <section className="card daily-coins-card" aria-labelledby="daily-coins">
      <CoinIcon size={32} />
      <div className="daily-coins-text">
        <h2 id="daily-coins">Out of coins?</h2>
        <p>Claim {formatCount(allowance.coins)} free coins to keep betting. Once a day, while you have too few to bet.</p>
      </div>
      <Button busy={busy} onClick={() => void claim()}>
        Claim daily coins
      </Button>
    </section>
  );
}
