// Generated formats (issue 21 §4): an organiser picks a league, a knockout or groups then a knockout, and
// the seeded teams; the console previews the calendar (shared/fixture-calendar.ts) and sends each match's
// start and venue by its key. Here the matches are generated again from the format and the teams (the
// structure is never taken from the client), and published: the tournament keeps its plan (format, seeds,
// the bracket with its byes), and every match becomes an event. A knockout match whose sides are not known
// yet is an event with no teams (events.ts BracketPlace): results fill them (settlement/results.ts).
import type { AdminEvent, TournamentFormat } from '#shared/api.ts';
import type { PublishFormatInput } from '#shared/schemas.ts';
import { type Bracket, type BracketMatch, groupsThenKnockout, knockout, roundRobin, type Round, type Slot } from '#shared/fixture-generation.ts';
import * as events from '#functions/data/events.ts';
import * as teams from '#functions/data/teams.ts';
import * as tournaments from '#functions/data/tournaments.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { nameBasedId } from '#functions/platform/ids.ts';
import { adminEvent } from './edits.ts';
import { newEventChunks, type NewEventsWrite, writeNewEvents } from './new-events.ts';
import { type Actor, auditActor, authoriseTournament } from './organisers.ts';

/** A match of the plan, before it has a time: its key, label, known sides and where its winner goes. */
export interface PlannedMatch {
  key: string;
  stage: string;
  home?: string;
  away?: string;
  /** Knockout only. */
  bracket?: {
    awaiting: Partial<Record<events.Side, string>>;
    feeders: Partial<Record<events.Side, string>>;
    groupPlaces: Partial<Record<events.Side, { group: string; place: number }>>;
    next?: { key: string; side: events.Side };
  };
}

const ordinal = (place: number) => (place === 1 ? 'winner' : place === 2 ? 'runner-up' : `#${place}`);

/** What a side of a bracket match waits for, in words, or its team when known at publishing. */
function sideOf(bracket: Bracket, slot: Slot): { team: string } | { awaiting: string; feeder?: string; groupPlace?: { group: string; place: number } } | undefined {
  if ('team' in slot) return { team: slot.team };
  if ('bye' in slot) return undefined;
  if ('groupPlace' in slot) return { awaiting: `Group ${slot.groupPlace.group} ${ordinal(slot.groupPlace.place)}`, groupPlace: slot.groupPlace };
  const feeder = bracket.rounds.flatMap((round) => round.matches).find((match) => match.id === slot.winnerOf)!;
  // A bye lets its one side straight through: this side is that side.
  if ('bye' in feeder.away) return sideOf(bracket, feeder.home);
  if ('bye' in feeder.home) return sideOf(bracket, feeder.away);
  return { awaiting: `Winner of ${slot.winnerOf}`, feeder: slot.winnerOf };
}

/** Where a match's winner goes, skipping nothing: a real match's next is always a real match. */
function knockoutMatches(bracket: Bracket, keyPrefix = ''): PlannedMatch[] {
  const isBye = (match: BracketMatch) => 'bye' in match.home || 'bye' in match.away;
  return bracket.rounds.flatMap((round) =>
    round.matches
      .filter((match) => !isBye(match))
      .map((match): PlannedMatch => {
        const planned: PlannedMatch = { key: keyPrefix + match.id, stage: round.name, bracket: { awaiting: {}, feeders: {}, groupPlaces: {} } };
        for (const side of ['home', 'away'] as const) {
          const known = sideOf(bracket, match[side]);
          if (!known) continue;
          if ('team' in known) planned[side] = known.team;
          else {
            planned.bracket!.awaiting[side] = known.awaiting;
            if (known.feeder) planned.bracket!.feeders[side] = keyPrefix + known.feeder;
            if (known.groupPlace) planned.bracket!.groupPlaces[side] = known.groupPlace;
          }
        }
        if (match.next) planned.bracket!.next = { key: keyPrefix + match.next.matchId, side: match.next.slot };
        return planned;
      }),
  );
}

const leagueMatches = (rounds: readonly Round[], keyPrefix = '', stagePrefix = ''): PlannedMatch[] =>
  rounds.flatMap(({ round, matches }) =>
    matches.map(({ home, away }, index) => ({ key: `${keyPrefix}R${round}-M${index + 1}`, stage: `${stagePrefix}Matchday ${round}`, home, away })),
  );

/** The matches of a format, generated from the seeded teams (best first); the bracket and groups to keep. */
export function planFormat(format: TournamentFormat, seededTeamIds: readonly string[]): { matches: PlannedMatch[]; plan: tournaments.FormatPlan['structure'] } {
  try {
    if (format.kind === 'league') {
      const rounds = roundRobin(seededTeamIds, { double: format.double });
      return { matches: leagueMatches(rounds), plan: {} };
    }
    if (format.kind === 'knockout') {
      const bracket = knockout(seededTeamIds);
      return { matches: knockoutMatches(bracket), plan: { bracket } };
    }
    const { groups, knockout: bracket } = groupsThenKnockout(seededTeamIds, { groups: format.groups, advancePerGroup: format.advancePerGroup });
    return {
      matches: [...groups.flatMap((group) => leagueMatches(group.rounds, `${group.name}-`, `Group ${group.name} · `)), ...knockoutMatches(bracket)],
      plan: { bracket, groups: groups.map(({ name, teamIds }) => ({ name, teamIds })) },
    };
  } catch (error) {
    // The generators refuse impossible options (more groups than pairs of teams, …) with a RangeError.
    if (error instanceof RangeError) throw new DomainError('format-invalid');
    throw error;
  }
}

/** The event id of a published match: the same tournament and key give the same id, so a retry writes each once. */
export const formatEventId = (tournamentId: string, key: string) => nameBasedId('format-event', tournamentId, key);

function eventsOf(tournamentId: string, matches: readonly PlannedMatch[], input: PublishFormatInput, createdAt: string): events.EventRecord[] {
  return matches.map((match) => {
    const { startsAt, venue } = input.schedule[match.key];
    const both = match.home !== undefined && match.away !== undefined;
    const place = match.bracket && {
      key: match.key,
      // No empty maps: DynamoDB Local's stream images cannot carry them.
      ...(Object.keys(match.bracket.awaiting).length > 0 && { awaiting: match.bracket.awaiting }),
      ...(Object.keys(match.bracket.feeders).length > 0 && {
        feeders: Object.fromEntries(Object.entries(match.bracket.feeders).map(([side, key]) => [side, formatEventId(tournamentId, key)])),
      }),
      ...(Object.keys(match.bracket.groupPlaces).length > 0 && { groupPlaces: match.bracket.groupPlaces }),
      ...(match.bracket.next && { next: { eventId: formatEventId(tournamentId, match.bracket.next.key), side: match.bracket.next.side } }),
    };
    return {
      id: formatEventId(tournamentId, match.key),
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

  const { matches, plan } = planFormat(input.format, input.seededTeamIds);
  const keys = new Set(matches.map((match) => match.key));
  if (Object.keys(input.schedule).length !== keys.size || Object.keys(input.schedule).some((key) => !keys.has(key))) throw new DomainError('format-schedule-invalid');

  const now = new Date().toISOString();
  if (!tournament.formatPlan) {
    const claimed = await tournaments.claimFormat(tournamentId, { format: input.format, seededTeamIds: input.seededTeamIds, openBetting: input.openBetting, publishedAt: now, structure: plan });
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
  const published = await events.getEvents(all.map((event) => event.id), true);
  return all.map((event) => adminEvent(published.get(event.id) ?? event));
}
