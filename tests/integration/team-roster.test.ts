// A tournament's roster (issue 21 §2): its teams are listed whole, by name, to its organisers on any
// device; a team is edited, or removed while no match uses it; another tournament's organiser gets 403.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent, AdminTeam, AdminTournament } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { createEvent, createTeam, hoursFromNow, operatorClient } from './game-flows.ts';

type User = Awaited<ReturnType<typeof verifiedUser>>;

describe("a tournament's roster", () => {
  let operator: ApiClient;
  let organiser: User;
  let tournamentId: string;
  const tag = randomUUID().slice(0, 6);

  const addTeam = async (teamName: string, members = ['Asha', 'Ravi']) => {
    const made = await organiser.client.post<{ data: AdminTeam }>('/admin/teams', { teamName, members: members.map((name) => ({ name })), tournamentId });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.data;
  };
  const roster = async (by: ApiClient = organiser.client) => by.get<{ data: AdminTeam[] }>(`/admin/tournaments/${tournamentId}/teams`);

  beforeAll(async () => {
    operator = await operatorClient();
    organiser = await verifiedUser();
    expect((await operator.put(`/admin/users/${organiser.userId}/tournament-creator`, { allowed: true })).status).toBe(200);
    tournamentId = (await organiser.client.post<{ data: AdminTournament }>('/admin/tournaments', { title: `Roster Cup ${tag}` })).body.data._id;
  });

  it('lists every team of the tournament by name with its members, and no one else’s', async () => {
    const made = [await addTeam(`Tapti ${tag}`), await addTeam(`narmada ${tag}`, ['Meera']), await addTeam(`Godavari ${tag}`, [])];
    await createTeam(operator); // a shared team: in no roster
    await createEvent(operator); // another tournament with its teams
    const listed = await roster();
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((t) => t.teamName)).toEqual([`Godavari ${tag}`, `narmada ${tag}`, `Tapti ${tag}`]);
    expect(listed.body.data.find((t) => t._id === made[1]._id)?.members).toEqual([{ name: 'Meera' }]);
    // The operator sees the same roster.
    expect((await roster(operator)).body.data.map((t) => t._id).sort()).toEqual(made.map((t) => t._id).sort());
  });

  it('keeps the order when a team is renamed', async () => {
    const team = await addTeam(`Aaa ${tag}`);
    expect((await roster()).body.data[0]._id).toBe(team._id);
    expect((await organiser.client.patch(`/admin/teams/${team._id}`, { teamName: `Zzz ${tag}` })).status).toBe(200);
    const names = (await roster()).body.data.map((t) => t.teamName);
    expect(names.at(-1)).toBe(`Zzz ${tag}`);
  });

  it('removes a team no match uses, refuses one in a match (409) and an unknown one (404)', async () => {
    const unused = await addTeam(`Spare ${tag}`);
    const removed = await organiser.client.delete(`/admin/teams/${unused._id}`);
    expect(removed.body).toMatchObject({ statusCode: 200, message: MSG.teamRemoved });
    expect((await roster()).body.data.map((t) => t._id)).not.toContain(unused._id);
    expect((await organiser.client.delete(`/admin/teams/${unused._id}`)).status).toBe(403); // gone: no tournament to own it
    expect((await operator.delete(`/admin/teams/${unused._id}`)).body).toMatchObject({ statusCode: 404, message: MSG.teamNotFound });

    const [home, away] = [await addTeam(`Home ${tag}`), await addTeam(`Away ${tag}`)];
    const match = await organiser.client.post<{ data: AdminEvent }>('/admin/events', { tournamentId, time: hoursFromNow(4), teamIds: [home._id, away._id] });
    expect(match.status).toBe(201);
    const refused = await organiser.client.delete(`/admin/teams/${home._id}`);
    expect(refused.body).toEqual({ statusCode: 409, message: MSG.teamInMatch, success: false });
    expect((await roster()).body.data.map((t) => t._id)).toContain(home._id);
  });

  it('never leaves a match with a removed team when both are asked at once', async () => {
    for (let round = 0; round < 3; round++) {
      const [home, away] = [await addTeam(`Race home ${round} ${tag}`), await addTeam(`Race away ${round} ${tag}`)];
      const [removal, match] = await Promise.all([
        organiser.client.delete(`/admin/teams/${home._id}`),
        organiser.client.post<{ data: AdminEvent }>('/admin/events', { tournamentId, time: hoursFromNow(6), teamIds: [home._id, away._id] }),
      ]);
      // One of the two wins; a conflict may refuse both, never let both through.
      expect(removal.status === 200 && match.status === 201, `${removal.status} ${match.status}`).toBe(false);
      const listed = (await roster()).body.data.map((t) => t._id);
      expect(listed.includes(home._id)).toBe(removal.status !== 200);
    }
  });

  it("answers 403 to another tournament's organiser and to a bettor", async () => {
    const stranger = await verifiedUser();
    const [team] = (await roster()).body.data;
    expect((await roster(stranger.client)).status).toBe(403);
    expect((await stranger.client.delete(`/admin/teams/${team._id}`)).status).toBe(403);
    expect((await organiser.client.get(`/admin/tournaments/${randomUUID()}/teams`)).status).toBe(403);
  });
});
