// Generated formats: an organiser picks a league, a knockout or groups then a knockout, and the seeded
// teams; the console previews the format's plan (shared/format-plan.ts) on a calendar and sends each match's
// start and venue by its key. Here the plan is made again from the format and the teams (the structure is
// never taken from the client) and published: the tournament keeps its plan (format, seeds, the bracket
// with its byes), and every match becomes an event. A knockout match whose sides are not known yet is an
// event with no teams (data/events.ts BracketPlace): results fill them (settlement/advancing-on-result.ts,
// group-places.ts).
import type { AdminEvent, TournamentFormat } from '#shared/api.ts';
import type { PublishFormatInput } from '#shared/schemas.ts';
import { type PlannedFormat, type PlannedMatch, planFormat } from '#shared/format-plan.ts';
import * as events from '#functions/data/events.ts';
import * as pools from '#functions/data/pools.ts';
import * as teams from '#functions/data/teams.ts';
import * as tournaments from '#functions/data/tournaments.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { nameBasedId } from '#functions/platform/ids.ts';
import { adminEvent } from '../edits.ts';
import { newEventChunks, type NewEventsWrite, writeNewEvents } from '../new-events.ts';
import { type Actor, auditActor, authoriseTournament } from '../organisers.ts';

/** The matches of a format and what the tournament keeps of them; a format these teams cannot make is refused. */
function planOf(format: TournamentFormat, seededTeamIds: readonly string[]): PlannedFormat {
  try {
    return planFormat(format, seededTeamIds);
  } catch (error) {
    // The plan refuses impossible options (more groups than pairs of teams, …) with a RangeError.
    if (error instanceof RangeError) throw new DomainError('format-invalid');
    throw error;
  }
}

/** The event id of a published match: the same tournament and key give the same id, so a retry writes each once. */
export const formatEventId = (tournamentId: string, key: string) => nameBasedId('format-event', tournamentId, key);

function eventsOf(tournamentId: string, matches: readonly PlannedMatch[], input: PublishFormatInput, createdAt: string): events.EventRecord[] {
  return matches.map((match) => {
    const { startsAt, venue } = input.schedule[match.id];
    const both = match.home !== undefined && match.away !== undefined;
    const place = match.bracket && {
      key: match.id,
      // No empty maps: DynamoDB Local's stream images cannot carry them.
      ...(Object.keys(match.bracket.awaiting).length > 0 && { awaiting: match.bracket.awaiting }),
      ...(Object.keys(match.bracket.feeders).length > 0 && {
        feeders: Object.fromEntries(Object.entries(match.bracket.feeders).map(([side, key]) => [side, formatEventId(tournamentId, key)])),
      }),
      ...(Object.keys(match.bracket.groupPlaces).length > 0 && { groupPlaces: match.bracket.groupPlaces }),
      ...(match.bracket.next && { next: { eventId: formatEventId(tournamentId, match.bracket.next.key), side: match.bracket.next.side } }),
    };
    return {
      id: formatEventId(tournamentId, match.id),
      tournamentId,
      time: startsAt,
      teamIds: both ? [match.home!, match.away!] : [],
      isBetActive: both && input.openBetting,
      createdAt,
      stage: match.stage,
      ...(venue && { venue }),
      ...(place && { bracket: place }),
      ...(place && match.home && { homeTeamId: match.home }),
      ...(place && match.away && { awayTeamId: match.away }),
    };
  });
}

/**
 * The match whose start closes the cup pool by default: the first knockout match (the first of a knockout
 * with no groups), or a league's last matchday's first match.
 */
export function poolClosingMatch(published: readonly Pick<events.EventRecord, 'id' | 'time' | 'stage' | 'bracket'>[]): Pick<events.EventRecord, 'id' | 'time'> | undefined {
  const knockout = published.filter((event) => event.bracket);
  const matchday = (event: { stage?: string }) => Number(/Matchday (\d+)$/.exec(event.stage ?? '')?.[1] ?? 0);
  const last = Math.max(0, ...published.map(matchday));
  const candidates = knockout.length > 0 ? knockout : published.filter((event) => matchday(event) === last);
  return [...candidates].sort((a, b) => a.time.localeCompare(b.time))[0];
}

const samePlan = (a: tournaments.FormatPlan, input: PublishFormatInput) =>
  JSON.stringify(a.format) === JSON.stringify(input.format) && a.seededTeamIds.join() === input.seededTeamIds.join();

/**
 * Publishes a generated format: 409 when the tournament has another one already; the same request again
 * (a retry after a crash, or a double tap) completes what is missing and answers every event. The plan is
 * claimed first (one conditional write), then the events go in transactions of at most 100 items, each
 * item conditional on not existing yet, with ids derived from the tournament and the match's key.
 */
export async function publishFormat(tournamentId: string, input: PublishFormatInput, actor?: Actor): Promise<AdminEvent[]> {
  if (actor) await authoriseTournament(actor, tournamentId);
  const tournament = await tournaments.getTournament(tournamentId, true);
  if (!tournament) throw new DomainError('tournament-not-found');
  if (tournament.formatPlan && !samePlan(tournament.formatPlan, input)) throw new DomainError('format-already-published');

  const roster = new Set((await teams.listTournamentTeams(tournamentId)).map((team) => team.id));
  const unlisted = input.seededTeamIds.filter((id) => !roster.has(id));
  // The roster's index may lag a team added a moment ago: read those by id.
  const byId = await teams.getTeams(unlisted, true);
  if (unlisted.some((id) => byId.get(id)?.tournamentId !== tournamentId)) throw new DomainError('format-teams-invalid');

  const { matches, structure } = planOf(input.format, input.seededTeamIds);
  const keys = new Set(matches.map((match) => match.id));
  if (Object.keys(input.schedule).length !== keys.size || Object.keys(input.schedule).some((key) => !keys.has(key))) throw new DomainError('format-schedule-invalid');

  const now = new Date().toISOString();
  if (!tournament.formatPlan) {
    const claimed = await tournaments.claimFormat(tournamentId, { format: input.format, seededTeamIds: input.seededTeamIds, openBetting: input.openBetting, publishedAt: now, structure });
    if (!claimed) return publishFormat(tournamentId, input, actor); // another request claimed it first: the same plan completes, another is refused
  }
  const all = eventsOf(tournamentId, matches, input, now);
  const existing = await events.getEvents(all.map((event) => event.id));
  const write: NewEventsWrite = {
    tournamentId,
    who: actor && (await auditActor(actor)),
    detail: (event) => `${event.stage}, starts ${event.time}`,
    teamGone: () => new DomainError('format-teams-invalid'),
  };
  for (const chunk of newEventChunks(all.filter((event) => !existing.has(event.id)))) {
    try {
      await writeNewEvents(chunk, write);
    } catch (error) {
      // A twin request wrote some of this chunk first: write what is still missing, one by one.
      if (error instanceof DomainError) throw error;
      const written = await events.getEvents(chunk.map((event) => event.id), true);
      for (const event of chunk) if (!written.has(event.id)) await writeNewEvents([event], write);
    }
  }
  // The cup pool opens with the format (docs/architecture.md "The tournament-winner pool").
  await pools.openPool({ tournamentId, teamIds: input.seededTeamIds, closesWithEventId: poolClosingMatch(all)?.id, shareVersion: 0, createdAt: now });
  const published = await events.getEvents(all.map((event) => event.id), true);
  return all.map((event) => adminEvent(published.get(event.id) ?? event));
}
