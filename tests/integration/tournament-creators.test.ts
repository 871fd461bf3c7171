// Organisers start tournaments themselves (issue 21 §1): an operator allows a user to create
// tournaments; the creator is the new tournament's first organiser and adds co-organisers; a cap bounds
// how many one user makes, and prizes, withdrawals and other tournaments stay out of their reach.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminTeam, AdminTournament, AdminUser, CurrentUser, NotificationGroup, Organiser } from '#shared/api.ts';
import { TOURNAMENTS_PER_CREATOR } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { createEvent, operatorClient } from './game-flows.ts';

type User = Awaited<ReturnType<typeof verifiedUser>>;

const me = async (user: User) => (await user.client.get<{ data: CurrentUser }>('/user/current-user')).body.data;

async function allow(operator: ApiClient, user: User, allowed = true) {
  const answer = await operator.put<{ data: { mayCreateTournaments: boolean } }>(`/admin/users/${user.userId}/tournament-creator`, { allowed });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toMatchObject({ data: { mayCreateTournaments: allowed }, message: allowed ? MSG.tournamentCreatorAllowed : MSG.tournamentCreatorRevoked });
}

const createTournament = (user: User, title = `Inter-hostel Cup ${randomUUID().slice(0, 6)}`) => user.client.post<{ data: AdminTournament; message?: string }>('/admin/tournaments', { title });

describe('users an operator allows create tournaments', () => {
  let operator: ApiClient;
  let creator: User;

  beforeAll(async () => {
    operator = await operatorClient();
    creator = await verifiedUser();
  });

  it('refuses a user nobody allowed, with a message the console shows, and writes nothing', async () => {
    const user = await verifiedUser();
    expect(await me(user)).toMatchObject({ mayCreateTournaments: false, organises: [] });
    const title = `Not allowed ${randomUUID()}`;
    const refused = await createTournament(user, title);
    expect(refused.body).toEqual({ statusCode: 403, message: MSG.tournamentCreationNotAllowed, success: false });
    const list = await user.client.get<{ data: { title: string }[] }>('/game/tournament-list');
    expect(list.body.data.map((t) => t.title)).not.toContain(title);
  });

  it('lets an allowed user create one: they are its organiser and run it, and the operator sees the grant', async () => {
    await allow(operator, creator);
    expect(await me(creator)).toMatchObject({ mayCreateTournaments: true, role: 'user' });
    // Told once, however often the grant is sent.
    await allow(operator, creator);
    const inbox = (await creator.client.get<{ data: NotificationGroup[] }>('/user/notification-list')).body.data.flatMap((group) => group.notifications);
    expect(inbox.filter((notice) => notice.subject === 'You can now create tournaments')).toHaveLength(1);
    const created = await createTournament(creator);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tournamentId = created.body.data._id;
    expect((await me(creator)).organises).toContain(tournamentId);

    const organisers = await creator.client.get<{ data: Organiser[] }>(`/admin/tournaments/${tournamentId}/organisers`);
    expect(organisers.body.data).toEqual([expect.objectContaining({ userId: creator.userId, email: creator.email })]);
    const team = await creator.client.post<{ data: AdminTeam }>('/admin/teams', { teamName: `Tapti ${randomUUID().slice(0, 6)}`, members: [{ name: 'Asha' }], tournamentId });
    expect(team.status).toBe(201);
    expect((await creator.client.patch(`/admin/tournaments/${tournamentId}`, { title: 'Tapti Premier League' })).status).toBe(200);

    const found = await operator.get<{ data: AdminUser[] }>(`/admin/users?query=${encodeURIComponent(creator.email)}`);
    expect(found.body.data).toEqual([expect.objectContaining({ _id: creator.userId, mayCreateTournaments: true })]);
  });

  it('keeps everything else out of reach: another tournament, prizes, withdrawals, allowing others', async () => {
    const other = await createEvent(operator);
    expect((await creator.client.patch(`/admin/tournaments/${other.tournamentId}`, { title: 'Mine' })).status).toBe(403);
    expect((await creator.client.patch(`/admin/events/${other.event._id}`, { isBetActive: false })).status).toBe(403);
    expect((await creator.client.post(`/admin/tournaments/${other.tournamentId}/organisers`, { email: creator.email })).status).toBe(403);
    expect((await creator.client.post(`/admin/users/${creator.userId}/credit`, { coins: 100, reason: 'me' })).status).toBe(403);
    expect((await creator.client.get('/admin/withdrawals?status=pending')).status).toBe(403);
    expect((await creator.client.put(`/admin/users/${creator.userId}/tournament-creator`, { allowed: true })).status).toBe(403);
  });

  it('adds and removes co-organisers, never the last one', async () => {
    const tournamentId = (await createTournament(creator)).body.data._id;
    const helper = await verifiedUser();
    const added = await creator.client.post<{ data: Organiser; message: string }>(`/admin/tournaments/${tournamentId}/organisers`, { email: helper.email });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.message).toBe(MSG.organiserAdded);
    expect((await helper.client.patch(`/admin/tournaments/${tournamentId}`, { title: 'Co-run cup' })).status).toBe(200);
    // The helper, an organiser now, removes the creator; the helper then cannot remove themselves.
    expect((await helper.client.delete(`/admin/tournaments/${tournamentId}/organisers/${creator.userId}`)).status).toBe(200);
    const last = await helper.client.delete(`/admin/tournaments/${tournamentId}/organisers/${helper.userId}`);
    expect(last.body).toEqual({ statusCode: 409, message: MSG.lastOrganiser, success: false });
    const left = await operator.get<{ data: Organiser[] }>(`/admin/tournaments/${tournamentId}/organisers`);
    expect(left.body.data.map((o) => o.userId)).toEqual([helper.userId]);
    expect((await creator.client.patch(`/admin/tournaments/${tournamentId}`, { title: 'Gone' })).status).toBe(403);
    // A co-organiser is no creator: making tournaments stays with those an operator allowed.
    expect((await createTournament(helper)).status).toBe(403);
  });

  it(`stops at ${TOURNAMENTS_PER_CREATOR} tournaments per creator, also when several are asked at once`, async () => {
    const user = await verifiedUser();
    await allow(operator, user);
    const titles = Array.from({ length: TOURNAMENTS_PER_CREATOR + 3 }, (_, i) => `Capped ${i} ${randomUUID().slice(0, 6)}`);
    const answers = await Promise.all(titles.map((title) => createTournament(user, title)));
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeLessThanOrEqual(TOURNAMENTS_PER_CREATOR);
    // Those that lost a race may be told to try again; asked one at a time, exactly the cap gets in.
    for (let i = created.length; i < TOURNAMENTS_PER_CREATOR; i++) expect((await createTournament(user)).status).toBe(201);
    const refused = await createTournament(user);
    expect(refused.body).toEqual({ statusCode: 409, message: MSG.tournamentCreationCapReached, success: false });
    expect((await me(user)).organises).toHaveLength(TOURNAMENTS_PER_CREATOR);
  });

  it('stops a revoked creator from making more, while their tournaments stay theirs', async () => {
    const user = await verifiedUser();
    await allow(operator, user);
    const tournamentId = (await createTournament(user)).body.data._id;
    await allow(operator, user, false);
    expect(await me(user)).toMatchObject({ mayCreateTournaments: false, organises: [tournamentId] });
    expect((await createTournament(user)).body.message).toBe(MSG.tournamentCreationNotAllowed);
    expect((await user.client.patch(`/admin/tournaments/${tournamentId}`, { title: 'Still running it' })).status).toBe(200);
  });

  it('refuses a bad grant with a message: not a boolean, an unknown user', async () => {
    const user = await verifiedUser();
    for (const body of [{}, { allowed: 'yes' }, { allowed: 1 }]) {
      const answer = await operator.put(`/admin/users/${user.userId}/tournament-creator`, body);
      expect(answer.body, JSON.stringify(body)).toMatchObject({ statusCode: 400, message: MSG.tournamentCreatorInvalid });
    }
    expect((await operator.put(`/admin/users/${randomUUID()}/tournament-creator`, { allowed: true })).body).toMatchObject({ statusCode: 404, message: MSG.userNotFound });
    expect((await me(user)).mayCreateTournaments).toBe(false);
  });
});
