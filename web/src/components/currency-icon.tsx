import type { BetWay } from '#shared/api.ts';
import { CoinIcon, RupeeIcon } from './icons.tsx';

/** The coin or rupee icon after an amount, named for screen readers ("coins" / "rupees"). */
export function CurrencyIcon({ betWay, size = 16 }: { betWay: BetWay; size?: number }) {
  return (
    <>
      {betWay === 'cash' ? <RupeeIcon size={size} /> : <CoinIcon size={size} />}
      <span className="visually-hidden">{betWay === 'cash' ? ' rupees' : ' coins'}</span>
    </>
  );
}
