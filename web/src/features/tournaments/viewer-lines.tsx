// The signed-in viewer's own lines on a match card: their bet, and how their groups backed the match once
// its betting closed. Each waits on a request of its own, so they come in a chunk of their own rather than
// with the matches page's first load (tests/infra/bundle-size.test.ts).
import type { CardBet, Team } from '#shared/api.ts';
import { formatCount } from '../../lib/format-number.ts';
import { useGroupPicks } from '../../lib/groups/group-picks.ts';
import { outcomeText, sidesText } from './group-picks-text.ts';
import './viewer-lines.css';

export interface ViewerLinesProps {
  /** The viewer's bet on the match. */
  bet: CardBet | undefined;
  teams: Team[];
  eventId: string;
  /** Once the match's betting has closed: the event ids of the card's list, comma-separated (its cards ask for their groups' picks in one request). */
  picksOf: string | undefined;
}

export function ViewerLines({ bet, teams, eventId, picksOf }: ViewerLinesProps) {
  return (
    <>
      {bet && <MyBet bet={bet} teams={teams} />}
      {picksOf && <GroupPicks listIds={picksOf} eventId={eventId} />}
    </>
  );
}

/** The signed-in bettor's own bet on this match, and what it paid once decided. */
function MyBet({ bet, teams }: { bet: CardBet; teams: Team[] }) {
  const team = teams.find((t) => t._id === bet.teamId)?.teamName ?? 'a team';
  const stake = `${formatCount(bet.amount)} coins on ${team}`;
  const outcome = {
    pending: `Your bet: ${stake}`,
    won: `You won: ${stake} paid ${formatCount(bet.payout ?? 0)} coins`,
    lost: `Your bet lost: ${stake}`,
    refunded: `Refunded: ${stake}`,
  }[bet.status];
  return <p className={`my-bet my-bet-${bet.status}`}>{outcome}</p>;
}

/** One line per group of the viewer with a pick on the match, and who backed the winner once decided. */
function GroupPicks({ listIds, eventId }: { listIds: string; eventId: string }) {
  const picks = useGroupPicks(listIds, eventId);
  if (picks.length === 0) return null;
  return (
    <ul className="group-picks" aria-label="How your groups picked">
      {picks.map((group) => {
        const outcome = outcomeText(group);
        return (
          <li key={group.groupId} className="group-picks-group">
            <span>
              <strong>In {group.groupName}:</strong> {sidesText(group)}
            </span>
            {outcome && <span className="group-picks-outcome">{outcome}</span>}
          </li>
        );
      })}
    </ul>
  );
}
