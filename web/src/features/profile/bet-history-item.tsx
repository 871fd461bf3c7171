import { formatDate } from '#shared/format.ts';
import { CoinIcon, RupeeIcon } from '../../components/icons.tsx';
import type { BetHistoryEntry } from './api/get-bet-list.ts';
import { betOutcome } from './bet-outcome.ts';

const statusText = { won: 'Won', lost: 'Lost', pending: 'In play' } as const;

export function BetHistoryItem({ bet }: { bet: BetHistoryEntry }) {
  const outcome = betOutcome(bet);
  return (
    <li className="bet-item">
      <div className="bet-item-main">
        <span className="bet-item-team">{bet.teamName}</span>
        <span className="bet-item-date">{formatDate(bet.createdAt)}</span>
      </div>
      <div className={`bet-item-amount tone-${outcome.tone}`}>
        <span>
          {outcome.sign}
          {outcome.amount}
        </span>
        {bet.betWay === 'cash' ? <RupeeIcon size={16} /> : <CoinIcon size={16} />}
        <span className="visually-hidden">{bet.betWay === 'cash' ? 'rupees' : 'coins'}</span>
        <span className="bet-item-status">{statusText[outcome.tone]}</span>
      </div>
    </li>
  );
}
