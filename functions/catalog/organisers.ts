// Organisers: the users who run one tournament (its teams, events, betting switch, results and voids):
// its creator, and those an operator or one of its organisers adds. Every catalog call names who asks (an Actor); operators may do everything, anyone else
// only what belongs to a tournament they organise, read from the table on each call (never from the
// token), so adding or removing an organiser applies to their next request.
import type { Organiser, Role } from '#shared/api.ts';
import { normalizeEmail } from '#shared/format.ts';
import * as events from '#functions/data/events.ts';
import * as organisers from '#functions/data/organisers.ts';
import * as teams from '#functions/data/teams.ts';
import * as users from '#functions/data/users.ts';
import { DomainError } from '#functions/platform/errors.ts';

/** Who makes a catalog call: the verified session's user and role. */
export interface Actor {
  userId: string;
  role: Role;
}

const isOperator = (actor: Actor) => actor.role === 'operator';

/**
 * Passes for an operator, or for an organiser of `tournamentId`; 403 ('not-organiser') otherwise,
 * including when there is no such tournament (a non-operator learns nothing about what exists).
 */
export async function authoriseTournament(actor: Actor, tournamentId: string | undefined): Promise<void> {
  if (isOperator(actor)) return;
  if (tournamentId === undefined || !(await organisers.isOrganiser(tournamentId, actor.userId))) throw new DomainError('not-organiser');
}

/** The event, once the actor may change it (its tournament's organiser or an operator). */
export async function authoriseEvent(actor: Actor, eventId: string): Promise<events.EventRecord> {
  const event = await events.getEvent(eventId, true);
  await authoriseTournament(actor, event?.tournamentId);
  if (!event) throw new DomainError('event-not-found');
  return event;
}

/** The team, once the actor may change it: teams made for a tournament belong to its organisers too. */
export async function authoriseTeam(actor: Actor, teamId: string): Promise<teams.TeamRecord> {
  const team = await teams.getTeam(teamId, true);
  await authoriseTournament(actor, team?.tournamentId);
  if (!team) throw new DomainError('team-not-found');
  return team;
}

/** Shared teams (of no tournament) are the operators' own; code acting for nobody (the demo seed) is trusted. */
export const mayUseSharedTeams = (actor: Actor | undefined) => actor === undefined || isOperator(actor);

/**
 * Refuses ('team-not-in-tournament') another tournament's team as the winner of this tournament's match
 * (one made before matches were held to their tournament's teams); a shared team an operator put in the
 * match may win it, whoever records the result.
 */
export function assertWinnerOfTournament(tournamentId: string, team: Pick<teams.TeamRecord, 'tournamentId'>): void {
  if (team.tournamentId !== undefined && team.tournamentId !== tournamentId) throw new DomainError('team-not-in-tournament');
}

const organiserAnswer = ({ userId, userName, email, addedAt }: organisers.OrganiserRecord): Organiser => ({ userId, userName, email, addedAt });

/** Makes the verified account with this email an organiser; the actor must be an operator or one of its organisers. */
export async function addOrganiser(tournamentId: string, email: string, actor?: Actor): Promise<Organiser> {
  if (actor) await authoriseTournament(actor, tournamentId);
  const user = await users.getUserByEmail(normalizeEmail(email));
  if (!user?.verified) throw new DomainError('user-not-found');
  const organiser = { tournamentId, userId: user.id, userName: user.userName, email: user.email, addedAt: new Date().toISOString() };
  if (!(await organisers.putOrganiser(organiser))) throw new DomainError('tournament-not-found');
  return organiserAnswer(organiser);
}

/** Removes an organiser; organisers (not operators) may not remove the tournament's last one, themselves included. */
export async function removeOrganiser(tournamentId: string, userId: string, actor?: Actor): Promise<void> {
  if (actor) {
    await authoriseTournament(actor, tournamentId);
    const others = (await organisers.listOrganisers(tournamentId)).filter((organiser) => organiser.userId !== userId);
    if (!isOperator(actor) && others.length === 0) throw new DomainError('last-organiser');
  }
  await organisers.deleteOrganiser(tournamentId, userId);
}

export async function listOrganisers(tournamentId: string, actor?: Actor): Promise<Organiser[]> {
  if (actor) await authoriseTournament(actor, tournamentId);
  return (await organisers.listOrganisers(tournamentId)).map(organiserAnswer);
}

/** Ids of the tournaments the user organises, for the console and the account menu. */
export const organisedTournamentIds = (userId: string) => organisers.listOrganisedTournamentIds(userId);

/** Who did it, for the audit trail: the id and the current user name. */
export async function auditActor(actor: Actor): Promise<{ actorId: string; actorName: string }> {
  const user = await users.getUser(actor.userId);
  return { actorId: actor.userId, actorName: user?.userName ?? 'unknown' };
}
