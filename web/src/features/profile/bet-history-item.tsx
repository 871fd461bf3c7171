import type { BetHistoryItem as Bet } from '#shared/api.ts';
import { HOME_TAB_NAME } from '#shared/constants.ts';
import { formatDate } from '#shared/format.ts';
import { CurrencyIcon } from '../../components/currency-icon.tsx';
import { ShareIcon } from '../../components/icons.tsx';
import { leaderboardPath } from '../../lib/paths.ts';
import { shareLink } from '../../lib/share.ts';
import { betOutcome, matchEnding } from './bet-outcome.ts';

const statusText = { won: 'Won', lost: 'Lost', pending: 'In play', refunded: 'Refunded' } as const;

/** Shares a win as the public bettors' leaderboard and the team's name: no amount, receipt or user id. */
const shareWin = (teamName: string) =>
  shareLink({
    title: HOME_TAB_NAME,
    text: `My bet on ${teamName} won on ${HOME_TAB_NAME}!`,
    url: new URL(leaderboardPath('bettors'), window.location.origin).href,
  });

/** `canShare`: the bettor's own list, where a won bet has a share button. */
export function BetHistoryItem({ bet, canShare = false }: { bet: Bet; canShare?: boolean }) {
  const outcome = betOutcome(bet);
  const ending = matchEnding(bet.result);
  return (
    <li>
      <div className="rule-list-main">
        <span className="bet-item-team">{bet.teamName}</span>
        <span className="rule-list-meta">
          {formatDate(bet.createdAt)}
          {ending && ` · ${ending}`}
        </span>
        {bet.replacedBy && (
          // The match was voided when a corrected result changed who went through: what replaced it.
          <span className="rule-list-meta bet-item-replaced">Match replaced after a corrected result, by {bet.replacedBy}</span>
        )}
      </div>
      <div className={`bet-item-amount tone-${outcome.tone}`}>
        <span>
          {outcome.sign}
          {outcome.amount}
        </span>
        <CurrencyIcon betWay={bet.betWay} />
        <span className="bet-item-status">{statusText[outcome.tone]}</span>
      </div>
      {canShare && outcome.tone === 'won' && (
        <button type="button" className="bet-item-share" aria-label={`Share your win on ${bet.teamName}`} onClick={() => void shareWin(bet.teamName)}>
          <ShareIcon size={20} />
        </button>
      )}
    </li>
  );
}
