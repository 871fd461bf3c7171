// The catalog as everyone reads it: the home page's tournament cards, a tournament's events and the
// upcoming matches of every tournament. (catalog/edits.ts creates and edits them.)
import type { GameEvent, MatchView, Team, Tournament } from '#shared/api.ts';
import { DomainError } from '#functions/platform/errors.ts';
import * as events from '#functions/data/events.ts';
import * as teams from '#functions/data/teams.ts';
import * as tournaments from '#functions/data/tournaments.ts';
import { upcomingEventCursor } from '#shared/cursors.ts';
import { sportRules } from '#shared/sports.ts';
import { CONFIRM_AFTER_MINUTES_DEFAULT } from '#shared/constants.ts';
import { scoringOf } from '#functions/betting/match-scoring.ts';
import { stageOf } from './engine/stages.ts';
import { hasEventStarted, isBettingOpen, isEventFinished, tournamentSchedule } from '#functions/betting/betting-rules.ts';

/** A team as the public lists show it; the operator's answers (catalog/edits.ts) extend it. */
export const publicTeam = ({ id, teamName, teamRank, members }: teams.TeamRecord): Team => ({ _id: id, teamName, teamRank, members });

/** `{ isVoid: true }` for a voided event, nothing otherwise (the answers carry the flag only when set). */
export const voidFlag = (event: events.EventRecord) => (event.isVoid ? { isVoid: true as const } : {});

/**
 * Where a tournament's card goes on the home page: what a bettor can still bet on first (the soonest
 * match first), then tournaments with matches in play, then finished or empty ones, newest first.
 */
function byWhatCanBeBet(a: Tournament, b: Tournament): number {
  const rank = (t: Tournament) => (t.soonestEventTime ? 0 : t.eventCount > 0 ? 1 : 2);
  return rank(a) - rank(b) || (a.soonestEventTime && b.soonestEventTime ? Date.parse(a.soonestEventTime) - Date.parse(b.soonestEventTime) : 0);
}

/** The home page's cards. One query per tournament: there are few, and the counts stay exact. */
export async function listTournamentCards(now = new Date()): Promise<Tournament[]> {
  const all = await tournaments.listTournaments();
  const cards = await Promise.all(
    all.map(async ({ id, title, previewImg, formatPlan, sport, confirmAfterMinutes }) => {
      const list = await events.listTournamentEvents(id);
      const stage = stageOf(list.filter((event) => !event.replacedBy));
      return { _id: id, title, previewImg, sport: sportRules(sport).sport, confirmAfterMinutes: confirmAfterMinutes ?? CONFIRM_AFTER_MINUTES_DEFAULT, ...tournamentSchedule(list, now), ...(stage && { stage }), ...(formatPlan && { formatKind: formatPlan.format.kind }) };
    }),
  );
  // listTournaments reads oldest first; within a group the newest tournament comes first.
  return cards.reverse().sort(byWhatCanBeBet);
}

/** Events as the public lists show them, with their teams. */
async function gameEvents(list: events.EventRecord[], now: Date): Promise<GameEvent[]> {
  const teamsById = await teams.getTeams(list.flatMap((event) => event.teamIds));
  const teamOf = (id: string) => {
    const team = teamsById.get(id);
    return team ? [publicTeam(team)] : [];
  };
  return list.map((event) => ({
    _id: event.id,
    tournamentId: event.tournamentId,
    time: event.time,
    teams: event.teamIds.flatMap(teamOf),
    isBetActive: isBettingOpen(event, now),
    winnerTeam: (event.winnerTeamId && teamOf(event.winnerTeamId)[0]) || {},
    ...voidFlag(event),
    ...(event.decidedAt && { decidedAt: event.decidedAt }),
    ...(event.venue && { venue: event.venue }),
    ...(event.stage && { stage: event.stage }),
    ...(event.bracket && { matchKey: event.bracket.key }),
    ...scoringOf(event),
  }));
}

/**
 * What students see as matches: those with both teams (a knockout match waiting for its teams is drawn
 * only in the bracket) and not replaced by a correction (its replacement is listed instead).
 */
const listed = (event: events.EventRecord) => events.hasBothTeams(event) && !event.replacedBy;

/** One match as the lists show it, with its tournament's title (GET /game/event/{id}: the bet screen and the receipt name it). */
export async function getMatch(eventId: string, now = new Date()): Promise<MatchView> {
  const event = await events.getEvent(eventId);
  if (!event) throw new DomainError('event-not-found');
  const [[match], tournament] = await Promise.all([gameEvents([event], now), tournaments.getTournament(event.tournamentId)]);
  return { ...match, tournamentTitle: tournament?.title ?? '' };
}

/** A tournament's events, soonest first, with their teams (an unknown tournament has none). */
export async function listEvents(tournamentId: string, now = new Date()): Promise<GameEvent[]> {
  return gameEvents((await events.listTournamentEvents(tournamentId)).filter(listed), now);
}

/**
 * The matches of every tournament that have not started and have no outcome (open, or paused by the
 * operator), soonest first, `pageSize` of them after the `after` cursor. Stored times are all
 * `toISOString()`'s fixed-width form, so cursors (`<time>_<id>`) sort as the list does, ties by id.
 * Read per tournament like the home cards: there are few tournaments, each with few matches.
 */
export async function listUpcomingEvents(after: string | undefined, pageSize: number, now = new Date()): Promise<GameEvent[]> {
  const all = await tournaments.listTournaments();
  const perTournament = await Promise.all(all.map(({ id }) => events.listTournamentEvents(id)));
  const page = perTournament
    .flat()
    .filter((event) => listed(event) && !isEventFinished(event) && !hasEventStarted(event, now))
    .map((event) => ({ event, cursor: upcomingEventCursor({ time: event.time, _id: event.id }) }))
    .filter(({ cursor }) => after === undefined || cursor > after)
    .sort((a, b) => (a.cursor < b.cursor ? -1 : 1))
    .slice(0, pageSize);
  return gameEvents(page.map(({ event }) => event), now);
}
