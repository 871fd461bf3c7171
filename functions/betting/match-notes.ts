// What a bet records of its match besides what its gate checks: the team's name, and the lineup it is
// placed under. Noted for a minute per function instance, so that a bet on a match the instance has seen
// is one request (docs/architecture.md, "Betting on one hot event"). The gate checks the lineup, so a
// noted lineup that changed refuses the bet, which then notes the match again; a team renamed shows on
// the bets of the next minute.
import * as events from '#functions/data/events.ts';
import { teamRead } from '#functions/data/teams.ts';
import { readTogether } from '#functions/platform/dynamodb.ts';
import { DomainError, type DomainErrorCode } from '#functions/platform/errors.ts';
import { isBettingOpen } from './betting-rules.ts';

export interface MatchNote {
  teamName: string;
  lineupVersion: number;
}

const NOTE_MS = 60_000;
/** Enough for every match of a busy evening; past it the notes start again. */
const MOST_NOTES = 2_000;
const notes = new Map<string, MatchNote & { until: number }>();

/**
 * Why a bet on `teamId` cannot be taken by this event as read (undefined: the event is not there), or
 * the note a bet on it records. Precise for the bettor: a knockout match still waiting for a side says
 * what it waits for, not that the team does not play in it.
 */
export function refusalOf(event: events.EventRecord | undefined, teamId: string, now: Date, teamName = ''): { refusal?: DomainErrorCode; note?: MatchNote } {
  if (!event) return { refusal: 'event-not-found' };
  if (!events.hasBothTeams(event) && event.bracket) {
    const known = event.homeTeamId === teamId || event.awayTeamId === teamId;
    return { refusal: known ? 'event-awaiting-opponent' : 'event-awaiting-teams' };
  }
  if (!events.playsIn(event, teamId)) return { refusal: 'team-not-in-event' };
  if (!isBettingOpen(event, now)) return { refusal: 'betting-closed' };
  return { note: { teamName, lineupVersion: event.lineupVersion ?? 0 } };
}

/** The note of a bet on `teamId` in the event: this instance's, or read (with the refusals above) and kept. */
export async function noteOf(eventId: string, teamId: string, now: Date): Promise<MatchNote> {
  const key = `${eventId}#${teamId}`;
  const kept = notes.get(key);
  if (kept && kept.until > now.getTime()) return kept;
  const [event, team] = await readTogether([events.eventRead(eventId), teamRead(teamId)], true);
  const { refusal, note } = refusalOf(event, teamId, now, team?.teamName);
  if (refusal || !note || !team) throw new DomainError(refusal ?? 'team-not-in-event');
  if (notes.size >= MOST_NOTES) notes.clear();
  notes.set(key, { ...note, until: now.getTime() + NOTE_MS });
  return note;
}

/** Drops the note of a bet on `teamId` in the event (its lineup changed): the next bet reads the match again. */
export const forget = (eventId: string, teamId: string) => void notes.delete(`${eventId}#${teamId}`);
