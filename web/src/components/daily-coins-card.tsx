// The 'Claim daily coins' card: shown while the wallet says the daily allowance can be claimed (coins
// below the smallest bet, none claimed this UTC day), so a bettor who ran out can play again. Offered where
// such a bettor gets stuck: the wallet, the bet screen and the matches pages (daily-coins-offer.tsx).
import { useState } from 'react';
import type { Wallet } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { serverErrorMessage } from '../lib/error-message.ts';
import { formatCount } from '../lib/format-number.ts';
import { toast } from '../lib/toast.ts';
import { claimAllowance } from '../lib/wallet/claim-allowance.ts';
import { useWallet } from '../lib/wallet/get-wallet.ts';
import { useRefreshBalances } from '../lib/wallet/refresh-balances.ts';
import { Button } from './button.tsx';
import { CoinIcon } from './icons.tsx';
import './daily-coins-card.css';

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
      // Every figure of coins on screen at once: the balances, the header, the coin history and its chart.
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

/** The card as the matches pages show it: it reads the wallet itself (the page asked only once the header's balance was low). */
export function WalletDailyCoinsCard() {
  const { data: wallet } = useWallet();
  return <DailyCoinsCard allowance={wallet?.allowance} />;
}
