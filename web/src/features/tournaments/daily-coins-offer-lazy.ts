// A bettor out of coins is offered the daily coins above the matches: its own chunk, asked
// for by signed-in users only (home, a tournament's page, every tournament's list).
import { lazy, type ComponentType } from 'react';

export const DailyCoinsOffer = lazy<ComponentType>(() =>
  import('../../components/daily-coins-offer.tsx').then(
    (m) => ({ default: m.DailyCoinsOffer }),
    () => ({ default: () => null }), // the code did not arrive: the wallet still offers them
  ),
);
