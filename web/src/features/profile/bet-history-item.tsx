import { formatDate } from '#shared/format.ts';
import { CurrencyIcon } from '../../components/currency-icon.tsx';
import type { BetHistoryItem as Bet } from '#shared/api.ts';
import { betOutcome } from './bet-outcome.ts';

const statusText = { won: 'Won', lost: 'Lost', pending: 'In play', refunded: 'Refunded' } as const;

export function BetHistoryItem({ bet }: { bet: Bet }) {
  const outcome = betOutcome(bet);
  return (
    <li>
      <div className="rule-list-main">
        <span className="bet-item-team">{bet.teamName}</span>
        <span className="rule-list-meta">{formatDate(bet.createdAt)}</span>
      </div>
      <div className={`bet-item-amount tone-${outcome.tone}`}>
        <span>
          {outcome.sign}
          {outcome.amount}
        </span>
        <CurrencyIcon betWay={bet.betWay} />
        <span className="bet-item-status">{statusText[outcome.tone]}</span>
      </div>
    </li>
  );
}
