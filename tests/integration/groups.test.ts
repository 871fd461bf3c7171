// Groups (issue 14 §1): create, join by invite code, leave, my groups, the members-only leaderboard,
// invite rotation, the caps (10 groups a user, a full group) under concurrent joins, and the hostel
// leaderboard of a tournament after a settlement.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MAX_MEMBERS, GROUPS_PER_USER_MAX, INVITE_CODE_PATTERN } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { register, verifiedUser } from './accounts-flows.ts';
import { coinBet, createEvent, domainModules, operatorClient } from './game-flows.ts';
import { waitFor } from './settlement-flows.ts';

type User = Awaited<ReturnType<typeof verifiedUser>>;

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

const refusal = (statusCode: number, message: string) => ({ statusCode, message, success: false });

async function createGroup(user: User, name = `Wing ${randomUUID().slice(0, 6)}`) {
  const created = await user.client.post('/group/create-group', { name });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { groupId: string; inviteCode: string };
}
const join = (user: User, inviteCode: string) => user.client.post('/group/join', { inviteCode });
const leave = (user: User, groupId: string) => user.client.post('/group/leave', { groupId });
const leaderboard = (user: User, groupId: string) => user.client.get(`/group/leaderboard/${groupId}`);
const myGroups = async (user: User) => (await user.client.get('/group/my-groups')).body.data as { groupId: string; isCreator: boolean; memberCount: number; inviteCode: string }[];

describe('groups', () => {
  it('a verified user creates a group with an unguessable code; a friend joins (twice: once), both see its leaderboard, a stranger gets 404', async () => {
    const [creator, friend, stranger] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()]);
    const { groupId, inviteCode } = await createGroup(creator, '  Hostel Five  ');
    expect(inviteCode).toMatch(INVITE_CODE_PATTERN);
    const again = await createGroup(creator);
    expect(again.inviteCode).not.toBe(inviteCode);

    const [first, second] = await Promise.all([join(friend, inviteCode), join(friend, inviteCode)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.data).toEqual({ groupId });
    expect((await join(friend, inviteCode)).body.data).toEqual({ groupId });

    expect(await myGroups(friend)).toEqual([{ groupId, name: 'Hostel Five', memberCount: 2, isCreator: false, inviteCode }]);
    expect((await myGroups(creator)).find((g) => g.groupId === groupId)).toMatchObject({ isCreator: true, memberCount: 2 });
    const board = await leaderboard(friend, groupId);
    expect(board.status).toBe(200);
    expect(board.body.data.group).toMatchObject({ groupId, name: 'Hostel Five', memberCount: 2 });
    expect(board.body.data.rows.map((row: { userId: string }) => row.userId).sort()).toEqual([creator.userId, friend.userId].sort());
    expect(board.body.data.rows[0]).toEqual({ userId: expect.any(String), name: 'Tester', trophy: 0, earnings: 0, streak: 0, bestStreak: 0 });

    // Not a member, or no such group: the same answer, so a group's existence is not revealed.
    expect((await leaderboard(stranger, groupId)).body).toEqual(refusal(404, MSG.groupNotFound));
    expect((await leaderboard(stranger, randomUUID())).body).toEqual(refusal(404, MSG.groupNotFound));
    expect((await leaderboard(stranger, 'not-a-group')).body).toEqual(refusal(400, MSG.groupNotFound));
    expect((await stranger.client.post('/group/rotate-invite', { groupId })).body).toEqual(refusal(404, MSG.groupNotFound));
    expect((await leave(stranger, groupId)).body).toEqual(refusal(404, MSG.groupNotFound));
  });

  it('refuses bad names, bad codes, and callers who are not signed in with a verified account', async () => {
    const user = await verifiedUser();
    const names: [unknown, string][] = [
      [undefined, MSG.groupNameRequired],
      ['   ', MSG.groupNameRequired],
      [42, MSG.groupNameRequired],
      ['ab', MSG.groupNameTooShort],
      ['x'.repeat(31), MSG.groupNameTooLong],
      ['Wing\u200bB', MSG.groupNameHiddenCharacters],
      ['\u3164\u3164\u3164', MSG.groupNameHiddenCharacters],
      ['\u2800\u2800\u2800', MSG.groupNameNotVisible],
    ];
    for (const [name, message] of names) {
      expect((await user.client.post('/group/create-group', { name })).body, String(name)).toEqual(refusal(400, message));
    }
    expect(await myGroups(user)).toEqual([]);

    expect((await join(user, 'short')).body).toEqual(refusal(400, MSG.inviteInvalid));
    expect((await join(user, 'a'.repeat(22).replace('a', '!'))).body).toEqual(refusal(400, MSG.inviteInvalid));
    expect((await join(user, 'AAAAAAAAAAAAAAAAAAAAAA')).body).toEqual(refusal(404, MSG.inviteInvalid));

    // An unverified account has no session (login answers 409 until the link is opened): no group for it.
    const unverified = await register();
    expect((await unverified.client.post('/group/create-group', { name: 'Ghosts' })).status).toBe(401);
    const { inviteCode } = await createGroup(user);
    expect((await unverified.client.post('/group/join', { inviteCode })).status).toBe(401);
  });

  it('the creator rotates the code (the old one stops at once); others may not; leaving hands the role on; the last one out deletes the group', async () => {
    const [creator, member, late] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()]);
    const { groupId, inviteCode } = await createGroup(creator);
    expect((await join(member, inviteCode)).status).toBe(200);

    expect((await member.client.post('/group/rotate-invite', { groupId })).body).toEqual(refusal(403, MSG.notGroupCreator));
    const rotated = await creator.client.post('/group/rotate-invite', { groupId });
    expect(rotated.status).toBe(200);
    const newCode = rotated.body.data.inviteCode as string;
    expect(newCode).toMatch(INVITE_CODE_PATTERN);
    expect((await join(late, inviteCode)).body).toEqual(refusal(404, MSG.inviteInvalid));
    expect((await join(late, newCode)).status).toBe(200);

    // A member leaves and comes back.
    expect((await leave(late, groupId)).status).toBe(200);
    expect(await myGroups(late)).toEqual([]);
    expect((await leaderboard(late, groupId)).status).toBe(404);
    expect((await join(late, newCode)).status).toBe(200);
    expect((await leaderboard(late, groupId)).body.data.group.memberCount).toBe(3);

    // The creator leaves: the member who joined first becomes the creator and can rotate.
    expect((await leave(creator, groupId)).status).toBe(200);
    expect(await myGroups(member)).toMatchObject([{ groupId, isCreator: true, memberCount: 2 }]);
    expect((await member.client.post('/group/rotate-invite', { groupId })).status).toBe(200);

    expect((await leave(late, groupId)).status).toBe(200);
    const lastCode = (await myGroups(member))[0].inviteCode;
    expect((await leave(member, groupId)).status).toBe(200);
    expect((await join(late, lastCode)).body).toEqual(refusal(404, MSG.inviteInvalid));
    expect((await leaderboard(member, groupId)).status).toBe(404);
  });

  it(`a user is in at most ${GROUPS_PER_USER_MAX} groups, even when joining several at once`, async () => {
    const [joiner, owner] = await Promise.all([verifiedUser(), verifiedUser()]);
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) codes.push((await createGroup(owner)).inviteCode);
    for (let i = 0; i < GROUPS_PER_USER_MAX - 2; i++) await createGroup(joiner);

    const answers = await Promise.all(codes.map((code) => join(joiner, code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body).toEqual(refusal(409, MSG.tooManyGroups));
    expect(await myGroups(joiner)).toHaveLength(GROUPS_PER_USER_MAX);
    expect((await joiner.client.post('/group/create-group', { name: 'Eleventh' })).body).toEqual(refusal(409, MSG.tooManyGroups));

    // Leaving one frees a place.
    const joined = (await myGroups(joiner)).find((g) => !g.isCreator)!;
    expect((await leave(joiner, joined.groupId)).status).toBe(200);
    expect((await joiner.client.post('/group/create-group', { name: 'Eleventh' })).status).toBe(201);
  });

  it(`two joins race for the last of ${GROUP_MAX_MEMBERS} seats: one gets it, the other is told the group is full`, async () => {
    const [owner, a, b] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()]);
    const { groupId, inviteCode } = await createGroup(owner);
    // Fill the group to one seat short by its counter (the fixture: 498 other members' joins).
    const { dynamodb } = await domainModules();
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await dynamodb.db.send(
      new UpdateCommand({ TableName: dynamodb.tableName(), Key: { pk: `GROUP#${groupId}`, sk: 'GROUP' }, UpdateExpression: 'SET memberCount = :n', ExpressionAttributeValues: { ':n': GROUP_MAX_MEMBERS - 1 } }),
    );
    const answers = await Promise.all([join(a, inviteCode), join(b, inviteCode)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(answers.find((x) => x.status === 409)!.body).toEqual(refusal(409, MSG.groupFull));
    const winner = answers[0].status === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect(await myGroups(loser)).toEqual([]);
    expect((await myGroups(winner))[0].memberCount).toBe(GROUP_MAX_MEMBERS);
  });
});

describe('hostels', () => {
  it("an operator or the tournament's organiser marks groups as its hostels; after a settlement the hostel leaderboard sums the members' bets won, and the group board ranks by trophies", async () => {
    const { event, teams, tournamentId } = await createEvent(operator);
    const [northA, northB, south, outsider] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser(), verifiedUser()]);
    const north = await createGroup(northA, `North ${randomUUID().slice(0, 6)}`);
    const southGroup = await createGroup(south, `South ${randomUUID().slice(0, 6)}`);
    expect((await join(northB, north.inviteCode)).status).toBe(200);

    // Users may not; bad ids and codes are refused; the list replaces the earlier one.
    expect((await northA.client.put(`/admin/tournaments/${tournamentId}/hostels`, { groupIds: [north.groupId] })).status).toBe(403);
    expect((await operator.put(`/admin/tournaments/${tournamentId}/hostels`, { groupIds: [randomUUID()] })).body).toEqual(refusal(404, MSG.groupNotFound));
    expect((await operator.put(`/admin/tournaments/${tournamentId}/hostels`, { groupIds: [], inviteCodes: ['AAAAAAAAAAAAAAAAAAAAAA'] })).body).toEqual(refusal(404, MSG.inviteInvalid));
    expect((await operator.put(`/admin/tournaments/${tournamentId}/hostels`, { groupIds: 'x' })).body).toEqual(refusal(400, MSG.hostelGroupIdsInvalid));
    expect((await operator.put(`/admin/tournaments/${tournamentId}/hostels`, {})).body).toEqual(refusal(400, MSG.hostelGroupIdsInvalid));
    expect((await operator.put(`/admin/tournaments/${randomUUID()}/hostels`, { groupIds: [] })).body).toEqual(refusal(404, MSG.tournamentNotFound));
    // An organiser of the tournament may, and only for their own tournaments.
    expect((await operator.post(`/admin/tournaments/${tournamentId}/organisers`, { email: northA.email })).status).toBe(201);
    const otherTournament = (await createEvent(operator)).tournamentId;
    expect((await northA.client.put(`/admin/tournaments/${otherTournament}/hostels`, { groupIds: [north.groupId] })).body).toEqual(refusal(403, MSG.forbidden));
    expect((await northA.client.get(`/admin/tournaments/${otherTournament}/hostels`)).status).toBe(403);
    const saved = await northA.client.put(`/admin/tournaments/${tournamentId}/hostels`, { groupIds: [north.groupId], inviteCodes: [southGroup.inviteCode] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.map((h: { groupId: string }) => h.groupId)).toEqual([north.groupId, southGroup.groupId]);
    expect((await operator.get(`/admin/tournaments/${tournamentId}/hostels`)).body.data).toEqual(saved.body.data);

    // North: two winners; South: one loser; an outsider's win counts for no hostel.
    const bet = (user: User, team: number) => user.client.post('/bet/create-new', { ...coinBet(event, 100), teamId: event.teamIds[team] });
    for (const [user, team] of [[northA, 0], [northB, 0], [south, 1], [outsider, 0]] as const) expect((await bet(user, team)).status).toBe(201);
    const hostelBoard = async () => (await operator.get(`/game/hostel-leaderboard?tournamentId=${tournamentId}`)).body.data as { name: string; trophy: number; memberCount: number }[];
    expect((await hostelBoard()).map((row) => row.trophy)).toEqual([0, 0]);

    expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[0]._id })).status).toBe(202);
    const board = await waitFor(hostelBoard, (rows) => rows[0]?.trophy === 2);
    expect(board).toEqual([
      { name: expect.stringMatching(/^North/), memberCount: 2, trophy: 2 },
      { name: expect.stringMatching(/^South/), memberCount: 1, trophy: 0 },
    ]);

    // Recomputing (as a correction or a redelivered settlement does) changes nothing.
    await domainModules();
    const { refreshHostelStandings } = await import('#functions/community/hostels.ts');
    await refreshHostelStandings(event._id);
    expect(await hostelBoard()).toEqual(board);

    // The group leaderboard: trophies first, then earnings.
    expect((await join(outsider, southGroup.inviteCode)).status).toBe(200);
    const rows = (await leaderboard(south, southGroup.groupId)).body.data.rows as { userId: string; trophy: number; earnings: number }[];
    expect(rows.map((r) => [r.userId, r.trophy, r.earnings])).toEqual([
      [outsider.userId, 1, 150],
      [south.userId, 0, 0],
    ]);
    expect((await operator.get('/game/hostel-leaderboard?tournamentId=nope')).status).toBe(400);
  }, 90_000);
});
