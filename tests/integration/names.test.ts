// Names nobody can fake (shared/names.ts): every name the app stores is kept composed (NFC), one that
// shows nothing is refused, and a tournament's teams are told apart by what a reader sees, in a paste,
// a single new team and a rename alike.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent, AdminTeam, AdminTournament } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { createTeam, hoursFromNow, operatorClient } from './game-flows.ts';

const refusal = (statusCode: number, message: string) => ({ statusCode, message, success: false });

describe('names', () => {
  let operator: ApiClient;
  let tournamentId: string;
  const tag = randomUUID().slice(0, 6);
  beforeAll(async () => {
    operator = await operatorClient();
    tournamentId = (await operator.post<{ data: AdminTournament }>('/admin/tournaments', { title: `Names ${tag}` })).body.data._id;
  });
  const paste = (...names: string[]) => operator.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${tournamentId}/teams/bulk`, { teams: names.map((teamName) => ({ teamName, members: [] })) });
  const addTeam = (teamName: string) => operator.post<{ data: AdminTeam }>('/admin/teams', { teamName, members: [], tournamentId });

  it('refuses a pasted team with nothing to see, and two pasted teams drawn alike (a hidden character, two encodings)', async () => {
    expect((await paste(`Visible ${tag}`, '\u200B')).body).toEqual(refusal(400, MSG.aboutItem(MSG.teamNumber(2), MSG.teamNameNotVisible)));
    expect((await paste(`Lions ${tag}`, `Li\u200Bons ${tag}`)).body).toEqual(refusal(400, MSG.aboutItem(MSG.teamNumber(2), MSG.bulkTeamRepeated(1))));
    expect((await paste(`Zo\u00EB XI ${tag}`, `Zoe\u0308 XI ${tag}`)).body).toEqual(refusal(400, MSG.aboutItem(MSG.teamNumber(2), MSG.bulkTeamRepeated(1))));
    expect((await paste(`Ｌｉｏｎｓ ${tag}`, `lions ${tag}`)).body).toEqual(refusal(400, MSG.aboutItem(MSG.teamNumber(2), MSG.bulkTeamRepeated(1))));
    expect((await operator.get<{ data: AdminTeam[] }>(`/admin/tournaments/${tournamentId}/teams`)).body.data).toEqual([]); // all or nothing
  });

  it('stores a name composed, and refuses a new team or a rename that looks like a team the tournament has', async () => {
    const made = await paste(`Zoe\u0308 XI ${tag}`, `Lions ${tag}`);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const [zoe, lions] = made.body.data.created;
    expect(zoe.teamName).toBe(`Zo\u00EB XI ${tag}`);
    // Kept in the order pasted: the default seeding.
    expect(made.body.data.created.map((team) => team.entryOrder)).toEqual([0, 1]);
    const roster = (await operator.get<{ data: AdminTeam[] }>(`/admin/tournaments/${tournamentId}/teams`)).body.data;
    expect(roster.map((team) => [team.teamName, team.entryOrder])).toEqual(expect.arrayContaining([[zoe.teamName, 0], [lions.teamName, 1]]));
    // The same paste again adds nothing, written either way.
    expect((await paste(`Zo\u00EB XI ${tag}`, `LI\u200BONS ${tag}`)).body.data.created).toEqual([]);

    expect((await addTeam(`Li\u200Bons ${tag}`)).body).toEqual(refusal(409, MSG.teamNameTaken(lions.teamName)));
    expect((await addTeam(`zoe\u0308 xi ${tag}`)).body).toEqual(refusal(409, MSG.teamNameTaken(zoe.teamName)));
    expect((await addTeam('\u2060\uFEFF')).body).toEqual(refusal(400, MSG.teamNameNotVisible));
    const tigers = await addTeam(`Tigers ${tag}`);
    expect(tigers.status, JSON.stringify(tigers.body)).toBe(201);
    expect((await operator.patch(`/admin/teams/${tigers.body.data._id}`, { teamName: `LIONS ${tag}` })).body).toEqual(refusal(409, MSG.teamNameTaken(lions.teamName)));
    expect((await operator.patch(`/admin/teams/${tigers.body.data._id}`, { teamName: '\u200B' })).body).toEqual(refusal(400, MSG.teamNameNotVisible));
    // A team keeps its own name under another spelling; a team of another tournament is no clash.
    const renamed = await operator.patch<{ data: AdminTeam }>(`/admin/teams/${lions._id}`, { teamName: `LIONS ${tag}` });
    expect(renamed.body.data.teamName).toBe(`LIONS ${tag}`);
    expect((await createTeam(operator, `Lions ${tag}`)).teamName).toBe(`Lions ${tag}`);
  });

  it('refuses a title, a venue, a member or a group name with nothing to see, and stores each composed', async () => {
    expect((await operator.post('/admin/tournaments', { title: '\u200B\u200B' })).body).toEqual(refusal(400, MSG.titleNotVisible));
    const cup = await operator.post<{ data: AdminTournament }>('/admin/tournaments', { title: `Cafe\u0301 Cup ${tag}` });
    expect(cup.body.data.title).toBe(`Caf\u00E9 Cup ${tag}`);
    expect((await operator.post('/admin/teams', { teamName: `Crew ${tag}`, members: [{ name: '\u3164' }], tournamentId })).body).toEqual(refusal(400, MSG.memberNameNotVisible));

    const [home, away] = [await createTeam(operator), await createTeam(operator)];
    const event = (await operator.post<{ data: AdminEvent }>('/admin/events', { tournamentId: cup.body.data._id, time: hoursFromNow(3), teamIds: [home._id, away._id] })).body.data;
    expect((await operator.patch(`/admin/events/${event._id}`, { venue: '\u200B' })).body).toEqual(refusal(400, MSG.venueNotVisible));
    expect((await operator.patch<{ data: AdminEvent }>(`/admin/events/${event._id}`, { venue: 'Co\u0302te Court' })).body.data.venue).toBe('C\u00F4te Court');

    const user = await verifiedUser();
    expect((await user.client.post('/group/create-group', { name: '\u2800\u2800\u2800' })).body).toEqual(refusal(400, MSG.groupNameNotVisible));
    const group = await user.client.post<{ data: { groupId: string } }>('/group/create-group', { name: `Hoste\u0301l ${tag.slice(0, 4)}` });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const mine: { groupId: string; name: string }[] = (await user.client.get('/group/my-groups')).body.data;
    expect(mine.find((g) => g.groupId === group.body.data.groupId)?.name).toBe(`Host\u00E9l ${tag.slice(0, 4)}`);
  });
});
