// The daily coins on the matches pages (home's tournaments, a tournament's matches): a signed-in bettor
// whose coins (the header's balance) are below the smallest bet is offered them where they got stuck.
// The pages load this module on demand (lazy), so their first JavaScript does not grow; the wallet is
// asked for only when the header's balance is low.
import { COIN_BET_MIN } from '#shared/constants.ts';
import { useSession } from '../lib/session/session-context.tsx';
import { WalletDailyCoinsCard } from './daily-coins-card.tsx';

export function DailyCoinsOffer() {
  const { isAuthenticated, currentUser } = useSession();
  if (!isAuthenticated || !currentUser || currentUser.walletBalance >= COIN_BET_MIN) return null;
  return (
    <div className="daily-coins-offer">
      <WalletDailyCoinsCard />
    </div>
  );
}
