// What a tournament's card says about it: a countdown only while a match can still be bet
// on; otherwise what is going on, so a finished or empty tournament never looks live.
import type { Tournament } from '#shared/api.ts';
import { startsInText } from './countdown.ts';

export type TournamentStatus =
  /** `breakdown`: the ongoing ones as live and upcoming, and the finished ones, once there is more than upcoming. */
  | { kind: 'upcoming'; count: string; breakdown?: string; countdown: string }
  | { kind: 'in-play' | 'finished' | 'empty'; text: string };

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function tournamentStatus(
  tournament: Pick<Tournament, 'eventCount' | 'decidedEventCount' | 'soonestEventTime'> & Partial<Pick<Tournament, 'liveEventCount'>>,
  now: number,
): TournamentStatus {
  const { eventCount, decidedEventCount, soonestEventTime, liveEventCount = 0 } = tournament;
  if (soonestEventTime && Date.parse(soonestEventTime) > now) {
    const parts = [liveEventCount > 0 && `${liveEventCount} live`, `${eventCount - liveEventCount} upcoming`, decidedEventCount > 0 && `${decidedEventCount} finished`];
    const breakdown = liveEventCount > 0 || decidedEventCount > 0 ? parts.filter(Boolean).join(' · ') : undefined;
    return { kind: 'upcoming', count: plural(eventCount, 'ongoing event'), ...(breakdown && { breakdown }), countdown: startsInText(soonestEventTime, now) };
  }
  if (eventCount > 0) return { kind: 'in-play', text: `${plural(eventCount, 'match', 'matches')} in play · no upcoming matches` };
  if (decidedEventCount > 0) return { kind: 'finished', text: `Finished · ${plural(decidedEventCount, 'result')}` };
  return { kind: 'empty', text: 'No upcoming matches' };
}
