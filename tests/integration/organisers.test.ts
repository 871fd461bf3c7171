// Organisers per tournament (issue 14 §3): an operator (or an organiser of it) makes a user an organiser of one tournament; the
// organiser runs that tournament's teams, events, betting switch, results and voids, and every /admin
// route answers 403 for anything else. Removal applies at the next request; every action on an event
// leaves an audit entry.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent, AdminTeam, AdminTournament, CurrentUser, EventAuditEntry, Organiser } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { routes } from '#shared/routes.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { createEvent, createTeam, createTournament, hoursFromNow, operatorClient } from './game-flows.ts';

const teamBody = (tournamentId?: string) => ({ teamName: `Team ${randomUUID().slice(0, 8)}`, members: [{ name: 'Asha' }], ...(tournamentId && { tournamentId }) });

async function organiserOf(operator: ApiClient, tournamentId: string) {
  const user = await verifiedUser();
  const added = await operator.post<{ data: Organiser }>(`/admin/tournaments/${tournamentId}/organisers`, { email: user.email.toUpperCase() });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  expect(added.body.data).toMatchObject({ userId: user.userId, email: user.email });
  return user;
}

describe('organisers of a tournament', () => {
  let operator: ApiClient;
  let own: AdminTournament;
  let other: { tournamentId: string; event: AdminEvent; teams: AdminTeam[] };
  let organiser: Awaited<ReturnType<typeof verifiedUser>>;

  beforeAll(async () => {
    operator = await operatorClient();
    own = await createTournament(operator);
    other = await createEvent(operator);
    organiser = await organiserOf(operator, own._id);
  });

  it('lists the organisers for operators and the organised tournaments on current-user', async () => {
    const list = await operator.get<{ data: Organiser[] }>(`/admin/tournaments/${own._id}/organisers`);
    expect(list.body.data.map((o) => o.userId)).toEqual([organiser.userId]);
    const me = await organiser.client.get<{ data: CurrentUser }>('/user/current-user');
    expect(me.body.data).toMatchObject({ role: 'user', organises: [own._id] });
  });

  it('refuses an unknown email (404) and an unknown tournament (404)', async () => {
    expect((await operator.post(`/admin/tournaments/${own._id}/organisers`, { email: `${randomUUID()}@test.local` })).status).toBe(404);
    const nowhere = await operator.post(`/admin/tournaments/${randomUUID()}/organisers`, { email: organiser.email });
    expect(nowhere.status).toBe(404);
    expect(nowhere.body.message).toBe(MSG.tournamentNotFound);
  });

  it('runs their own tournament: edit it, teams, events, pause, reopen, re-time, result, void, history', async () => {
    const { client } = organiser;
    expect((await client.patch(`/admin/tournaments/${own._id}`, { title: 'Hostel Cup' })).status).toBe(200);
    const teamA = await client.post<{ data: AdminTeam }>('/admin/teams', teamBody(own._id));
    const teamB = await client.post<{ data: AdminTeam }>('/admin/teams', teamBody(own._id));
    expect([teamA.status, teamB.status]).toEqual([201, 201]);
    expect((await client.patch(`/admin/teams/${teamA.body.data._id}`, { teamRank: 2 })).status).toBe(200);
    const teamIds = [teamA.body.data._id, teamB.body.data._id];
    const created = await client.post<{ data: AdminEvent }>('/admin/events', { tournamentId: own._id, time: hoursFromNow(3), teamIds });
    expect(created.status).toBe(201);
    const eventId = created.body.data._id;
    expect((await client.patch(`/admin/events/${eventId}`, { isBetActive: false })).status).toBe(200);
    expect((await client.patch(`/admin/events/${eventId}`, { isBetActive: true })).status).toBe(200);
    const time = hoursFromNow(4);
    expect((await client.patch(`/admin/events/${eventId}`, { time })).status).toBe(200);
    expect((await client.post(`/admin/events/${eventId}/result`, { winnerTeamId: teamIds[1] })).status).toBe(202);
    // A repeat of the same result answers again but is no new action.
    expect((await client.post(`/admin/events/${eventId}/result`, { winnerTeamId: teamIds[1] })).status).toBe(202);

    const history = await client.get<{ data: EventAuditEntry[] }>(`/admin/events/${eventId}/audit`);
    expect(history.status).toBe(200);
    expect(history.body.data.map((entry) => [entry.action, entry.actorId, entry.actorName])).toEqual(
      ['created', 'paused', 'reopened', 're-timed', 'decided'].map((action) => [action, organiser.userId, 'Tester']),
    );
    expect(history.body.data[3].detail).toBe(`starts ${time}`);
    expect(history.body.data[4].detail).toBe(`${teamB.body.data.teamName} won`);

    const voided = await client.post<{ data: AdminEvent }>('/admin/events', { tournamentId: own._id, time: hoursFromNow(5), teamIds });
    expect((await client.post(`/admin/events/${voided.body.data._id}/result`, { void: true })).status).toBe(202);
    const voidHistory = await operator.get<{ data: EventAuditEntry[] }>(`/admin/events/${voided.body.data._id}/audit`);
    expect(voidHistory.body.data.map((entry) => entry.action)).toEqual(['created', 'voided']);
  });

  it("records the operator's actions on any event too", async () => {
    expect((await operator.patch(`/admin/events/${other.event._id}`, { isBetActive: false })).status).toBe(200);
    const history = await operator.get<{ data: EventAuditEntry[] }>(`/admin/events/${other.event._id}/audit`);
    const me = await operator.get<{ data: CurrentUser }>('/user/current-user');
    expect(history.body.data.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['created', me.body.data._id],
      ['paused', me.body.data._id],
    ]);
  });

  it('answers 403 on every /admin route outside their tournaments', async () => {
    const sharedTeam = await createTeam(operator);
    const otherTeam = (await operator.post<{ data: AdminTeam }>('/admin/teams', teamBody(other.tournamentId))).body.data;
    // A valid request for each route, aimed at the other tournament's things, so only the scope can refuse it.
    const bodies: Record<string, object> = {
      'POST /admin/tournaments': { title: 'Mine now' },
      'PATCH /admin/tournaments/{id}': { title: 'Taken over' },
      'POST /admin/teams': teamBody(other.tournamentId),
      'POST /admin/tournaments/{id}/teams/bulk': { teams: [{ teamName: 'Taken over', members: [] }] },
      'POST /admin/tournaments/{id}/fixtures': { fixtures: [{ startsAt: hoursFromNow(8), homeTeamId: other.teams[0]._id, awayTeamId: other.teams[1]._id }] },
      'POST /admin/tournaments/{id}/format': { format: { kind: 'knockout' }, seededTeamIds: other.teams.map((t) => t._id), schedule: { 'R1-M1': { startsAt: hoursFromNow(8) } } },
      'PATCH /admin/teams/{id}': { teamRank: 3 },
      'POST /admin/events': { tournamentId: other.tournamentId, time: hoursFromNow(6), teamIds: other.teams.map((t) => t._id) },
      'PATCH /admin/events/{id}': { isBetActive: false },
      'POST /admin/events/{id}/result': { void: true },
      'POST /admin/events/{id}/correct-result': { void: true },
      'POST /admin/events/{id}/live-score': { home: 1, away: 0 },
      'POST /admin/events/{id}/postpone': { time: hoursFromNow(30) },
      'POST /admin/tournaments/{id}/scorer-links': { name: 'Taken over', venue: 'Court 1' },
      'POST /admin/tournaments/{id}/organisers': { email: organiser.email },
      'PUT /admin/tournaments/{id}/hostels': { groupIds: [] },
      'PUT /admin/tournaments/{id}/pool': { callOff: true },
      'POST /admin/users/{id}/credit': { coins: 100, reason: 'prize' },
      'PUT /admin/users/{id}/tournament-creator': { allowed: true },
      'PATCH /admin/withdrawals/{id}': { status: 'paid', reference: 'UTR1' },
    };
    const idFor = (path: string) =>
      path.startsWith('/admin/teams/') ? otherTeam._id : path.startsWith('/admin/events/') ? other.event._id : path.startsWith('/admin/users/') ? organiser.userId : path.startsWith('/admin/withdrawals/') ? randomUUID() : other.tournamentId;
    const refused: string[] = [];
    for (const route of routes.filter((r) => r.path.startsWith('/admin'))) {
      const key = `${route.method} ${route.path}`;
      const path = route.path.replace('{id}', idFor(route.path)).replace('{userId}', organiser.userId).replace('{exportId}', randomUUID()).replace('{linkId}', randomUUID());
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : (bodies[key] ?? {});
      const answer = await organiser.client.raw(path, {
        method: route.method,
        ...(body && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      });
      const json = (await answer.json()) as { message: string };
      // An organiser is no creator of tournaments until an operator allows it (tournament-creators.test.ts).
      const expected = key === 'POST /admin/tournaments' ? MSG.tournamentCreationNotAllowed : MSG.forbidden;
      if (answer.status !== 403 || json.message !== expected) refused.push(`${key}: ${answer.status} ${json.message}`);
    }
    expect(refused).toEqual([]);
    // A shared team (no tournament) and a team of another tournament stay the operators'.
    expect((await organiser.client.patch(`/admin/teams/${sharedTeam._id}`, { teamRank: 4 })).status).toBe(403);
    expect((await organiser.client.post('/admin/teams', teamBody())).status).toBe(403);
    // Nothing was changed: no action of the organiser on the other tournament's event.
    const history = await operator.get<{ data: EventAuditEntry[] }>(`/admin/events/${other.event._id}/audit`);
    expect(history.body.data.filter((entry) => entry.actorId === organiser.userId)).toEqual([]);
  });

  it("uses only their own tournament's teams: another tournament's or a shared team is refused in a match, and so nothing of theirs moves", async () => {
    const { client } = organiser;
    const mine = await Promise.all([0, 1].map(async () => (await client.post<{ data: AdminTeam }>('/admin/teams', teamBody(own._id))).body.data._id));
    const theirs = (await operator.post<{ data: AdminTeam }>('/admin/teams', teamBody(other.tournamentId))).body.data._id;
    const shared = (await createTeam(operator))._id;
    const match = (teamIds: string[], by = client) => by.post('/admin/events', { tournamentId: own._id, time: hoursFromNow(7), teamIds });
    for (const teamIds of [other.teams.map((t) => t._id), [mine[0], theirs], [theirs, mine[1]], [mine[0], shared]]) {
      const answer = await match(teamIds);
      expect(answer.body, JSON.stringify(teamIds)).toEqual({ statusCode: 400, message: MSG.teamNotInTournament, success: false });
    }
    // An operator may use their shared teams, but not one tournament's teams in another's match either.
    expect((await match([theirs, shared], operator)).body).toMatchObject({ statusCode: 400, message: MSG.teamNotInTournament });
    expect((await match([mine[0], shared], operator)).status).toBe(201);
    expect((await match([mine[0], randomUUID()])).body).toMatchObject({ statusCode: 404, message: MSG.teamNotFound });
    expect((await match(mine)).status).toBe(201);
    // The other tournament's teams are untouched: no match of this tournament names them.
    const events = await client.get<{ data: { teams: { _id: string }[] }[] }>(`/game/event-list?tournamentId=${own._id}`);
    expect(events.status).toBe(200);
    const named = events.body.data.flatMap((event) => event.teams.map((team) => team._id));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((id) => id === theirs || other.teams.some((t) => t._id === id))).toEqual([]);
  });

  it('a plain user gets 403 on organiser routes', async () => {
    const user = await verifiedUser();
    expect((await user.client.patch(`/admin/events/${other.event._id}`, { isBetActive: false })).status).toBe(403);
    expect((await user.client.patch(`/admin/tournaments/${randomUUID()}`, { title: 'x' })).status).toBe(403);
    expect((await user.client.get(`/admin/events/${other.event._id}/audit`)).status).toBe(403);
  });

  it('a removed organiser is refused at their next request', async () => {
    const second = await organiserOf(operator, own._id);
    expect((await second.client.patch(`/admin/tournaments/${own._id}`, { title: 'Still mine' })).status).toBe(200);
    const removed = await operator.delete(`/admin/tournaments/${own._id}/organisers/${second.userId}`);
    expect(removed.status).toBe(200);
    expect((await second.client.patch(`/admin/tournaments/${own._id}`, { title: 'Gone' })).status).toBe(403);
    const list = await operator.get<{ data: Organiser[] }>(`/admin/tournaments/${own._id}/organisers`);
    expect(list.body.data.map((o) => o.userId)).not.toContain(second.userId);
  });
});
