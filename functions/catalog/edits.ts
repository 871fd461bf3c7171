// Creating and editing tournaments, teams and events: operators and each tournament's organisers do it.
// Each edit takes the `actor` asking (functions/catalog/organisers.ts): its scope is checked here, from the
// table. Only trusted in-process callers (the demo seed, benchmarks) leave it out.
import { sportRules, tablePointsOf } from '#shared/sports.ts';
import { provisionalOf, scoringOf } from '#functions/betting/match-scoring.ts';
import { randomUUID } from 'node:crypto';
import type { AdminEvent, AdminTeam, AdminTournament } from '#shared/api.ts';
import type {
  CreateEventInput,
  CreateTeamInput,
  CreateTournamentInput,
  UpdateTeamInput,
  UpdateTournamentInput,
} from '#shared/schemas.ts';
import { conditionFailedAt, transactWrite } from '#functions/platform/dynamodb.ts';
import { CONFIRM_AFTER_MINUTES_DEFAULT, TOURNAMENTS_PER_CREATOR } from '#shared/constants.ts';
import { nameKey } from '#shared/names.ts';
import * as events from '#functions/data/events.ts';
import * as organisers from '#functions/data/organisers.ts';
import * as teams from '#functions/data/teams.ts';
import * as tournaments from '#functions/data/tournaments.ts';
import * as users from '#functions/data/users.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { auditEntries } from './event-audit.ts';
import { publicTeam, voidFlag } from './listings.ts';
import { type Actor, authoriseTeam, authoriseTournament, mayUseSharedTeams } from './organisers.ts';
import { mayCreateTournaments } from './tournament-creators.ts';

const adminTournament = ({ id, title, previewImg, createdAt, sport, points, confirmAfterMinutes }: tournaments.TournamentRecord): AdminTournament => ({
  _id: id,
  title,
  previewImg,
  sport: sportRules(sport).sport,
  points: tablePointsOf({ sport, points }),
  confirmAfterMinutes: confirmAfterMinutes ?? CONFIRM_AFTER_MINUTES_DEFAULT,
  createdAt,
});

export const adminTeam = (team: teams.TeamRecord): AdminTeam => ({
  ...publicTeam(team),
  trophy: team.trophy,
  createdAt: team.createdAt,
  ...(team.entryOrder !== undefined && { entryOrder: team.entryOrder }),
});

/** Where the next team entered in a tournament goes in its entry order: after every team it has. */
export const nextEntryOrder = (roster: readonly teams.TeamRecord[]) => Math.max(roster.length, ...roster.map((team) => (team.entryOrder ?? -1) + 1));

export const adminEvent = (event: events.EventRecord): AdminEvent => ({
  _id: event.id,
  tournamentId: event.tournamentId,
  time: event.time,
  teamIds: event.teamIds,
  isBetActive: event.isBetActive,
  winnerTeamId: event.winnerTeamId ?? null,
  createdAt: event.createdAt,
  ...voidFlag(event),
  ...(event.settledAt && { settledAt: event.settledAt }),
  ...(event.venue && { venue: event.venue }),
  ...(event.stage && { stage: event.stage }),
  ...(event.bracket && { matchKey: event.bracket.key }),
  ...(!events.hasBothTeams(event) && event.bracket && { awaiting: events.awaitingSides(event) }),
  ...scoringOf(event),
  ...(provisionalOf(event) && { provisional: provisionalOf(event) }),
});

/** Throws `code` when an edit found nothing to edit. */
function found<T>(record: T | undefined, code: 'tournament-not-found' | 'team-not-found' | 'event-not-found'): T {
  if (!record) throw new DomainError(code);
  return record;
}

export function newTournament(input: CreateTournamentInput, id: string = randomUUID()): tournaments.TournamentRecord {
  return {
    id,
    title: input.title,
    previewImg: input.previewImg ?? null,
    createdAt: new Date().toISOString(),
    ...(input.sport && { sport: input.sport }),
    ...(input.points && { points: input.points }),
    ...(input.confirmAfterMinutes && { confirmAfterMinutes: input.confirmAfterMinutes }),
  };
}

/**
 * A new tournament. An operator's (or a trusted caller's) is just made; anyone else must be allowed to
 * create tournaments, becomes its first organiser in the same transaction, and is counted against the cap.
 */
export async function createTournament(input: CreateTournamentInput, actor?: Actor): Promise<AdminTournament> {
  const tournament = newTournament(input);
  if (!actor || actor.role === 'operator') {
    await transactWrite([tournaments.newTournamentItem(tournament)]);
    return adminTournament(tournament);
  }
  const creator = await users.getUser(actor.userId);
  if (!creator || !mayCreateTournaments(creator)) throw new DomainError('tournament-creation-not-allowed');
  const organiser = { tournamentId: tournament.id, userId: creator.id, userName: creator.userName, email: creator.email, addedAt: tournament.createdAt };
  try {
    await transactWrite([tournaments.newTournamentItem(tournament), users.countTournamentCreatedItem(creator.id, TOURNAMENTS_PER_CREATOR), organisers.newOrganiserItem(organiser)]);
  } catch (error) {
    if (conditionFailedAt(error, 1)) throw new DomainError('tournament-creation-cap-reached');
    throw error;
  }
  return adminTournament(tournament);
}

export async function updateTournament(id: string, patch: UpdateTournamentInput, actor?: Actor): Promise<AdminTournament> {
  if (actor) await authoriseTournament(actor, id);
  // A new sport without points of its own takes the sport's usual ones, not the old sport's.
  const fields = patch.sport && !patch.points ? { ...patch, points: sportRules(patch.sport).points } : patch;
  return adminTournament(found(await tournaments.updateTournament(id, fields), 'tournament-not-found'));
}

export function newTeam(input: CreateTeamInput, id: string = randomUUID(), entryOrder?: number): teams.TeamRecord {
  const { teamName, teamRank, members, tournamentId } = input;
  return {
    id,
    teamName,
    teamRank: teamRank ?? null,
    members,
    trophy: 0,
    matchCount: 0,
    createdAt: new Date().toISOString(),
    ...(tournamentId && { tournamentId }),
    ...(entryOrder !== undefined && { entryOrder }),
  };
}

/** A new team; an organiser's names their tournament (which must exist), an operator's may be shared. */
export async function createTeam(input: CreateTeamInput, actor?: Actor): Promise<AdminTeam> {
  if (actor) await authoriseTournament(actor, input.tournamentId);
  const roster = input.tournamentId ? await assertTeamNameFree(input.tournamentId, input.teamName) : undefined;
  const team = newTeam(input, undefined, roster && nextEntryOrder(roster));
  try {
    await transactWrite([...(input.tournamentId ? [tournaments.tournamentExistsCheck(input.tournamentId)] : []), teams.newTeamItem(team)]);
  } catch (error) {
    if (input.tournamentId && conditionFailedAt(error, 0)) throw new DomainError('tournament-not-found');
    throw error;
  }
  return adminTeam(team);
}

export async function updateTeam(id: string, patch: UpdateTeamInput, actor?: Actor): Promise<AdminTeam> {
  const team = actor ? await authoriseTeam(actor, id) : found(await teams.getTeam(id, true), 'team-not-found');
  if (patch.teamName !== undefined && team.tournamentId) await assertTeamNameFree(team.tournamentId, patch.teamName, id);
  return adminTeam(found(await teams.updateTeam(id, patch), 'team-not-found'));
}

/**
 * Refuses (409 'team-name-taken', naming the team) a name that another team of the tournament already
 * has, as a reader sees it (shared/names.ts nameKey: 'Li\u200Bons' is 'Lions'). The roster's index may
 * lag a team pasted a moment ago: that one is read by the id its name gives it.
 */
async function assertTeamNameFree(tournamentId: string, teamName: string, self?: string): Promise<teams.TeamRecord[]> {
  const key = nameKey(teamName);
  const [roster, pasted] = await Promise.all([teams.listTournamentTeams(tournamentId), teams.getTeam(teams.tournamentTeamId(tournamentId, teamName), true)]);
  const clash = [...roster, ...(pasted ? [pasted] : [])].find((team) => team.id !== self && team.tournamentId === tournamentId && nameKey(team.teamName) === key);
  if (clash) throw new DomainError('team-name-taken', clash.teamName);
  return roster;
}

/** The tournament's whole roster, by name, for its organisers' console on any device. */
export async function listTournamentTeams(tournamentId: string, actor?: Actor): Promise<AdminTeam[]> {
  if (actor) await authoriseTournament(actor, tournamentId);
  return (await teams.listTournamentTeams(tournamentId)).map(adminTeam);
}

/**
 * Removes a team no match uses (409 'team-in-match' otherwise): the count its events keep, and for
 * teams older than the count, the tournament's events themselves.
 */
export async function removeTeam(id: string, actor?: Actor): Promise<void> {
  const team = actor ? await authoriseTeam(actor, id) : found(await teams.getTeam(id, true), 'team-not-found');
  const legacyUse = team.matchCount === undefined && team.tournamentId !== undefined && (await events.listTournamentEvents(team.tournamentId)).some((event) => events.playsIn(event, id));
  if (legacyUse || !(await teams.deleteUnusedTeam(id))) {
    if (!(await teams.getTeam(id, true))) throw new DomainError('team-not-found');
    throw new DomainError('team-in-match');
  }
}

export function newEvent(input: CreateEventInput, id: string = randomUUID()): events.EventRecord {
  return {
    id,
    tournamentId: input.tournamentId,
    time: input.time,
    teamIds: input.teamIds,
    isBetActive: true,
    createdAt: new Date().toISOString(),
    ...(input.venue && { venue: input.venue }),
  };
}

/**
 * A new event, open for bets; its tournament must exist and both teams must be teams of that
 * tournament (or shared ones, for an operator), checked in the same transaction as its 'created' audit entry.
 */
export async function createEvent(input: CreateEventInput, actor?: Actor): Promise<AdminEvent> {
  if (actor) await authoriseTournament(actor, input.tournamentId);
  const event = newEvent(input);
  const orShared = mayUseSharedTeams(actor);
  const audit = actor ? await auditEntries(actor, event.id, [{ action: 'created', detail: `starts ${event.time}`, onceAs: 'created' }], new Date(event.createdAt)) : [];
  try {
    // Its gates follow it once it is written (a bet before then finds none, and makes them).
    await events.gatedTransaction([
      tournaments.tournamentExistsCheck(input.tournamentId),
      ...input.teamIds.map((id) => teams.useInEventItem(id, input.tournamentId, orShared)),
      events.newEventItem(event),
      ...audit,
    ], transactWrite);
  } catch (error) {
    if (conditionFailedAt(error, 0)) throw new DomainError('tournament-not-found');
    if (conditionFailedAt(error, 1) || conditionFailedAt(error, 2)) {
      const named = await teams.getTeams(input.teamIds);
      if (named.size < input.teamIds.length) throw new DomainError('team-not-found');
      throw new DomainError('team-not-in-tournament');
    }
    throw error;
  }
  return adminEvent(event);
}

// Editing and deleting an event: match-edits.ts.
