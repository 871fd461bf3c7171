// Friends' picks (GET /group/picks): how a group split on a match and who backed the winner, shown to its
// members once betting on the match has closed, never before (docs/architecture.md "Friends' picks"). And
// the other ways a pick could be seen before the whistle (docs/security.md "Picks stay hidden until the
// whistle"): another user's bet history, the group's leaderboard, a profile, the live channel.
import { randomUUID } from 'node:crypto';
import type WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent, GroupPicks } from '#shared/api.ts';
import { GROUP_PICKS_EVENTS_MAX } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { connectWebSocket, newClient, sendAndAwaitReply, verifiedUser } from './accounts-flows.ts';
import { coinBet, createEvent, hoursFromNow, operatorClient } from './game-flows.ts';
import { waitUntilSettled } from './settlement-flows.ts';

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

type Member = Awaited<ReturnType<typeof verifiedUser>> & { name: string };

/** A verified user with a name of its own (every test user is 'Tester' otherwise). */
async function namedUser(first: string): Promise<Member> {
  const user = await verifiedUser();
  const name = `${first} ${randomUUID().slice(0, 4)}`;
  expect((await user.client.patch('/user/update-user', { userName: name })).status).toBe(200);
  return { ...user, name };
}

/** A group `creator` made and the others joined by its invite. */
async function groupOf(name: string, creator: Member, others: Member[]): Promise<string> {
  const created = await creator.client.post('/group/create-group', { name });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { groupId, inviteCode } = created.body.data;
  for (const member of others) expect((await member.client.post('/group/join', { inviteCode })).status).toBe(200);
  return groupId;
}

async function bet(user: Member, event: Pick<AdminEvent, '_id' | 'teamIds'>, team: number) {
  const placed = await user.client.post('/bet/create-new', { ...coinBet(event, 50), teamId: event.teamIds[team] });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
}

const picksOf = async (user: { client: ApiClient }, eventIds: string[]): Promise<GroupPicks[]> => {
  const answer = await user.client.get(`/group/picks?eventIds=${eventIds.join(',')}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

describe('friends picks', () => {
  it("show a group's split once the match has started and who backed the winner once decided; never before the start, nor to anyone outside the group", async () => {
    const { event, teams, tournamentId } = await createEvent(operator);
    const [asha, ravi, kiran, meera, dev, outsider, roommate] = await Promise.all(
      ['Asha', 'Ravi', 'Kiran', 'Meera', 'Dev', 'Omar', 'Rhea'].map((first) => namedUser(first)),
    );
    const hostel = `Hostel ${randomUUID().slice(0, 4)}`;
    const hostelId = await groupOf(hostel, asha, [ravi, kiran, meera, dev]);
    const wing = `Wing ${randomUUID().slice(0, 4)}`;
    const wingId = await groupOf(wing, asha, [roommate]);
    // Four of the hostel on the home team, one on the away team; the outsider and the roommate too.
    for (const member of [asha, ravi, kiran, meera]) await bet(member, event, 0);
    await bet(dev, event, 1);
    await bet(outsider, event, 0);
    await bet(roommate, event, 1);

    // Before the start, nothing anywhere tells who backed which side: not this endpoint, not another
    // user's bet history, the group's leaderboard, a profile, nor the live channel's split (counts only).
    const secrets = [teams[0]._id, teams[1]._id, teams[0].teamName, teams[1].teamName];
    const tellsNoPick = (answer: unknown) => secrets.forEach((secret) => expect(JSON.stringify(answer)).not.toContain(secret));
    expect(await picksOf(asha, [event._id])).toEqual([]);
    expect((await ravi.client.get(`/bet/get-betlist?userId=${asha.userId}`)).body.data).toEqual([]);
    tellsNoPick((await ravi.client.get(`/group/leaderboard/${hostelId}`)).body);
    tellsNoPick((await ravi.client.get(`/user/get-by-id/${asha.userId}`)).body);
    const socket = (await connectWebSocket()) as WebSocket;
    try {
      const watch = (await sendAndAwaitReply(socket, { action: 'watch', tournamentId })) as { crowds: unknown[] };
      const everyone = [asha, ravi, kiran, meera, dev, outsider, roommate];
      for (const secret of everyone.flatMap((user) => [user.userId, user.name])) expect(JSON.stringify(watch)).not.toContain(secret);
    } finally {
      socket.close();
    }
    // A pause is not the close: an organiser may reopen betting.
    expect((await operator.patch(`/admin/events/${event._id}`, { isBetActive: false })).status).toBe(200);
    expect(await picksOf(asha, [event._id])).toEqual([]);

    // Started (its time has passed): each group's split, by group name.
    expect((await operator.patch(`/admin/events/${event._id}`, { time: hoursFromNow(-1) })).status).toBe(200);
    const split = (home: number, away: number) => [
      { teamId: teams[0]._id, teamName: teams[0].teamName, bettors: home },
      { teamId: teams[1]._id, teamName: teams[1].teamName, bettors: away },
    ];
    const started = [
      { eventId: event._id, groupId: hostelId, groupName: hostel, split: split(4, 1) },
      { eventId: event._id, groupId: wingId, groupName: wing, split: split(1, 1) },
    ];
    expect(await picksOf(asha, [event._id])).toEqual(started);
    expect(await picksOf(dev, [event._id])).toEqual([started[0]]);
    expect(await picksOf(roommate, [event._id])).toEqual([started[1]]);
    // Outside every group with a bet on it: nothing, even with a group of one's own.
    expect(await picksOf(outsider, [event._id])).toEqual([]);
    await groupOf(`Solo ${randomUUID().slice(0, 4)}`, outsider, []);
    expect((await picksOf(outsider, [event._id])).map((picks) => picks.groupId)).not.toContain(hostelId);

    // Decided: the winner's backers by name (two, then how many more), the stakes-returned matches without.
    expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[0]._id })).status).toBe(202);
    await waitUntilSettled(event._id);
    const backers = [asha, ravi, kiran, meera].map((member) => member.name).sort((a, b) => a.localeCompare(b));
    expect(await picksOf(asha, [event._id])).toEqual([
      { ...started[0], winnerTeamId: teams[0]._id, winners: { names: backers.slice(0, 2), more: 2 } },
      { ...started[1], winnerTeamId: teams[0]._id, winners: { names: [asha.name], more: 0 } },
    ]);
  });

  it('say the stakes came back on a draw or a void, and leave out the matches still open among those asked', async () => {
    const { event: drawn } = await createEvent(operator);
    const { event: voided } = await createEvent(operator);
    const { event: open } = await createEvent(operator);
    const [asha, ravi] = await Promise.all([namedUser('Asha'), namedUser('Ravi')]);
    const groupId = await groupOf(`Hostel ${randomUUID().slice(0, 4)}`, asha, [ravi]);
    for (const event of [drawn, voided, open]) {
      await bet(asha, event, 0);
      await bet(ravi, event, 1);
    }
    expect((await operator.post(`/admin/events/${drawn._id}/result`, { draw: true })).status).toBe(202);
    expect((await operator.post(`/admin/events/${voided._id}/result`, { void: true })).status).toBe(202);
    await Promise.all([waitUntilSettled(drawn._id), waitUntilSettled(voided._id)]);
    const picks = await picksOf(ravi, [open._id, voided._id, randomUUID(), drawn._id]);
    expect(picks.map((p) => [p.eventId, p.groupId, p.split.map((side) => side.bettors), p.stakesReturned, p.winners])).toEqual([
      [voided._id, groupId, [1, 1], true, undefined],
      [drawn._id, groupId, [1, 1], true, undefined],
    ]);
  });

  it('refuses bad ids with a 400 and callers who are not signed in with a 401', async () => {
    const user = await verifiedUser();
    const refused = { statusCode: 400, message: MSG.groupPicksEventsInvalid, success: false };
    const tooMany = Array.from({ length: GROUP_PICKS_EVENTS_MAX + 1 }, () => randomUUID()).join(',');
    for (const query of ['', '?eventIds=', '?eventIds=nope', `?eventIds=${randomUUID()},,`, `?eventIds=${tooMany}`]) {
      expect((await user.client.get(`/group/picks${query}`)).body, query).toEqual(refused);
    }
    // The same id twice counts once.
    const same = randomUUID();
    expect((await user.client.get(`/group/picks?eventIds=${Array.from({ length: GROUP_PICKS_EVENTS_MAX + 1 }, () => same).join(',')}`)).status).toBe(200);
    expect((await newClient().get(`/group/picks?eventIds=${randomUUID()}`)).status).toBe(401);
  });
});
