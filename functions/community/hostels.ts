// Hostels: groups a tournament's organisers mark as its hostels, and the hostel leaderboard (the sum of
// the members' bets won in the tournament's settled events). The bet path writes nothing for it: after
// an event settles (or its result is corrected) refreshHostelStandings reads each hostel member's bet on
// that event and stores the event's counts whole, so running it again changes nothing.
// A member's wins count for the hostels they were in when the event was settled.
import type { HostelRow, TournamentHostel } from '#shared/api.ts';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import { getBet } from '#functions/data/bets.ts';
import { getEvent, listTournamentEvents } from '#functions/data/events.ts';
import * as groups from '#functions/data/groups.ts';
import * as hostels from '#functions/data/hostels.ts';
import { getTournament } from '#functions/data/tournaments.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { type Actor, authoriseTournament } from '#functions/catalog/organisers.ts';

/** Bet reads in flight at once while counting an event's wins. */
const READ_CONCURRENCY = 16;

/** The hostels that still exist, in the order they were marked. */
async function hostelGroups(groupIds: string[]): Promise<groups.GroupRecord[]> {
  const found = await groups.getGroups(groupIds);
  return groupIds.flatMap((id) => found.get(id) ?? []);
}

const hostelOf = ({ id, name, memberCount }: groups.GroupRecord): TournamentHostel => ({ groupId: id, name, memberCount });

/** The tournament's hostels, for an operator or one of its organisers. */
export async function listHostels(actor: Actor, tournamentId: string): Promise<TournamentHostel[]> {
  await authoriseTournament(actor, tournamentId);
  if (!(await getTournament(tournamentId))) throw new DomainError('tournament-not-found');
  return (await hostelGroups(await hostels.getHostelIds(tournamentId))).map(hostelOf);
}

/**
 * Marks these groups (by id, or by an invite code of theirs) as the tournament's hostels, replacing the
 * list, and counts them in every event of the tournament already decided. An operator or one of the
 * tournament's organisers only.
 */
export async function setHostels(actor: Actor, tournamentId: string, groupIds: string[], inviteCodes: string[] = []): Promise<TournamentHostel[]> {
  await authoriseTournament(actor, tournamentId);
  if (!(await getTournament(tournamentId))) throw new DomainError('tournament-not-found');
  const invited = await Promise.all(inviteCodes.map((code) => groups.groupIdByInvite(code)));
  if (invited.some((id) => id === undefined)) throw new DomainError('invite-invalid');
  const ids = [...new Set([...groupIds, ...(invited as string[])])];
  const found = await hostelGroups(ids);
  if (found.length !== ids.length) throw new DomainError('group-not-found');
  await hostels.putHostelIds(tournamentId, ids, new Date().toISOString());
  const decided = (await listTournamentEvents(tournamentId)).filter((event) => event.decidedAt);
  for (const event of decided) await refreshHostelStandings(event.id);
  return found.map(hostelOf);
}

/**
 * Recomputes the event's bets won per hostel of its tournament from the members' bets, and stores them
 * whole. Called by the settlement worker after each settlement and late sweep, and after a correction.
 */
export async function refreshHostelStandings(eventId: string): Promise<void> {
  const startedAt = new Date().toISOString();
  const event = await getEvent(eventId, true);
  if (!event?.decidedAt) return;
  const hostelIds = await hostels.getHostelIds(event.tournamentId);
  const wonByGroup: Record<string, number> = {};
  for (const groupId of hostelIds) {
    const members = await groups.listMembers(groupId);
    let won = 0;
    await forEachLimit(members, READ_CONCURRENCY, async ({ userId }) => {
      if ((await getBet(userId, eventId))?.status === 'won') won++;
    });
    wonByGroup[groupId] = won;
  }
  await hostels.putEventWins(event.tournamentId, eventId, wonByGroup, startedAt);
}

/** The tournament's hostels, most bets won first (public: counts and names only). */
export async function hostelLeaderboard(tournamentId: string): Promise<HostelRow[]> {
  const [hostelIds, wins] = await Promise.all([hostels.getHostelIds(tournamentId), hostels.sumWins(tournamentId)]);
  return (await hostelGroups(hostelIds))
    .map((group) => ({ name: group.name, memberCount: group.memberCount, trophy: wins.get(group.id) ?? 0 }))
    .sort((a, b) => b.trophy - a.trophy || a.name.localeCompare(b.name));
}
