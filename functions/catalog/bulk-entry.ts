// Bulk entry: the teams and fixtures an organiser pasted or uploaded (read line by line in
// the console by shared/bulk-entry.ts), saved all or nothing, and idempotently: what the tournament has
// already is left as it is and counted as unchanged, so pasting the same lines again adds nothing.
// Each new item's id is derived from what it is (the tournament and the team's name; the tournament, the
// instant and the two teams), and written only if it does not exist yet: two identical pastes at once
// make each item once, and the one that comes second finds the other's items and answers them unchanged.
import type { BulkFixturesResult, BulkTeamsResult } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { nameKey } from '#shared/names.ts';
import type { BulkFixturesInput, BulkTeamsInput } from '#shared/schemas.ts';
import * as events from '#functions/data/events.ts';
import * as teams from '#functions/data/teams.ts';
import * as tournaments from '#functions/data/tournaments.ts';
import { cancellationCodes, conditionFailedAt, transactWrite } from '#functions/platform/dynamodb.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { nameBasedId } from '#functions/platform/ids.ts';
import { adminEvent, adminTeam, newTeam, nextEntryOrder } from './edits.ts';
import { newEventChunks, type NewEventsWrite, writeNewEvents } from './new-events.ts';
import { type Actor, auditActor, authoriseTournament } from './organisers.ts';

/** How often a save reads again after a twin request wrote some of its items first (once a chunk at most). */
const TWIN_ATTEMPTS = 6;

const someConditionFailed = (error: unknown) => cancellationCodes(error)?.includes('ConditionalCheckFailed') ?? false;

// ---- Teams ----

/**
 * Adds the teams the roster does not have yet (a name it has as a reader sees it, shared/names.ts, is left
 * as it is), in one transaction with the check that the tournament exists: up to 64 teams, well inside
 * DynamoDB's 100 items a transaction.
 */
export async function addTeams(tournamentId: string, input: BulkTeamsInput, actor?: Actor): Promise<BulkTeamsResult> {
  if (actor) await authoriseTournament(actor, tournamentId);
  const asked = input.teams.map(({ teamName, members }) => ({ id: teams.tournamentTeamId(tournamentId, teamName), teamName, members: members.map((name) => ({ name })) }));
  for (let attempt = 1; ; attempt++) {
    // The roster's index may lag a write by a moment; a twin's teams are read by their ids, consistently.
    const [roster, byId] = await Promise.all([teams.listTournamentTeams(tournamentId), teams.getTeams(asked.map((team) => team.id), true)]);
    const byName = new Map(roster.map((team) => [nameKey(team.teamName), team]));
    const existing = (team: (typeof asked)[number]) => byName.get(nameKey(team.teamName)) ?? byId.get(team.id);
    const unchanged = asked.flatMap((team) => existing(team) ?? []).map(adminTeam);
    // In the order pasted, after the teams the roster has: a list pasted best first is the seeding.
    const base = nextEntryOrder(roster);
    const created = asked.filter((team) => !existing(team)).map((team, index) => newTeam({ ...team, tournamentId }, team.id, base + index));
    if (created.length === 0) return { created: [], unchanged };
    try {
      await transactWrite([tournaments.tournamentExistsCheck(tournamentId), ...created.map(teams.newTeamItem)]);
      return { created: created.map(adminTeam), unchanged };
    } catch (error) {
      if (conditionFailedAt(error, 0)) throw new DomainError('tournament-not-found');
      if (attempt < TWIN_ATTEMPTS && someConditionFailed(error)) continue;
      throw error;
    }
  }
}

// ---- Fixtures ----

type Fixture = BulkFixturesInput['fixtures'][number];

/** A match by its instant and its two teams, whichever is at home. */
const matchKey = (time: string, teamIds: readonly string[]) => [time, ...[...teamIds].sort()].join(' ');
const eventIdOf = (tournamentId: string, fixture: Fixture) =>
  nameBasedId('event', tournamentId, matchKey(fixture.startsAt, [fixture.homeTeamId, fixture.awayTeamId]));

/**
 * Refuses the first fixture (named by its place, 'Fixture 3: …') with a team that is not one of the
 * tournament's: no such team (404 'team-not-found'), or another tournament's or a shared one (400
 * 'team-not-in-tournament', as a single new match answers).
 */
async function checkTeams(tournamentId: string, fixtures: readonly Fixture[]): Promise<void> {
  const roster = new Set((await teams.listTournamentTeams(tournamentId)).map((team) => team.id));
  const named = [...new Set(fixtures.flatMap((fixture) => [fixture.homeTeamId, fixture.awayTeamId]))];
  // The roster's index may lag a team added a moment ago: those it does not list are read by id.
  const others = await teams.getTeams(named.filter((id) => !roster.has(id)), true);
  const ours = (id: string) => roster.has(id) || others.get(id)?.tournamentId === tournamentId;
  for (const [index, fixture] of fixtures.entries()) {
    for (const id of [fixture.homeTeamId, fixture.awayTeamId]) {
      if (ours(id)) continue;
      throw new DomainError(others.has(id) ? 'team-not-in-tournament' : 'team-not-found', MSG.fixtureNumber(index + 1));
    }
  }
}

/** The fixtures the tournament has already: an event at the same instant between the same two teams, or the one a paste of it made (re-timed since, say). */
async function scheduledAlready(tournamentId: string, ids: string[]): Promise<{ keys: Set<string>; ids: Set<string> }> {
  const [listed, byId] = await Promise.all([events.listTournamentEvents(tournamentId), events.getEvents(ids, true)]);
  return { keys: new Set(listed.map((event) => matchKey(event.time, event.teamIds))), ids: new Set(byId.keys()) };
}

/**
 * Schedules the fixtures the tournament does not have yet (the same instant and the same two teams as
 * one of its events, either at home, is unchanged), each open for bets unless `openBetting` is false.
 *
 * Everything is checked before anything is written. 100 fixtures are more than one transaction holds
 * (each is an event and its audit entry, besides the teams' counts), so they are written in chunks, one
 * transaction each. A crash between two chunks leaves the first ones written; every item of a chunk is
 * conditional on not existing yet, with ids derived from the fixture, so the organiser's retry (the same
 * paste again) finds those events scheduled already and writes only the rest: the same set, no duplicate.
 */
export async function addFixtures(tournamentId: string, input: BulkFixturesInput, actor?: Actor): Promise<BulkFixturesResult> {
  if (actor) await authoriseTournament(actor, tournamentId);
  await checkTeams(tournamentId, input.fixtures);
  const asked = input.fixtures.map((fixture, index) => ({ fixture, number: index + 1, id: eventIdOf(tournamentId, fixture) }));
  const created: events.EventRecord[] = [];
  const numberOf = new Map<string, number>(asked.map(({ id, number }) => [id, number]));
  const write: NewEventsWrite = {
    tournamentId,
    who: actor && (await auditActor(actor)),
    detail: (event) => `starts ${event.time}${event.isBetActive ? '' : ', betting paused'}`,
    teamGone: (teamId, chunk) => new DomainError('team-not-found', MSG.fixtureNumber(numberOf.get(chunk.find((event) => events.playsIn(event, teamId))!.id)!)),
  };
  for (let attempt = 1; ; attempt++) {
    const already = await scheduledAlready(tournamentId, asked.map(({ id }) => id));
    const createdAt = new Date().toISOString();
    const fresh = asked
      .filter(({ fixture, id }) => !already.ids.has(id) && !already.keys.has(matchKey(fixture.startsAt, [fixture.homeTeamId, fixture.awayTeamId])))
      .map(({ fixture, id }): events.EventRecord => ({
        id,
        tournamentId,
        time: fixture.startsAt,
        teamIds: [fixture.homeTeamId, fixture.awayTeamId],
        isBetActive: input.openBetting,
        createdAt,
        ...(fixture.venue && { venue: fixture.venue }),
      }));
    try {
      for (const chunk of newEventChunks(fresh)) {
        await writeNewEvents(chunk, write);
        created.push(...chunk);
      }
      return { created: created.map(adminEvent), unchanged: asked.length - created.length };
    } catch (error) {
      // A twin request scheduled some of these first: read again and write what is still missing.
      if (!(error instanceof DomainError) && attempt < TWIN_ATTEMPTS && someConditionFailed(error)) continue;
      throw error;
    }
  }
}

