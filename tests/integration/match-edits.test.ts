// Mistakes are fixable (issue 21 §7): a match's teams, time and venue change until its first bet; after
// it only its time, its switch and a void; a match nobody bet on is deleted, and gone from every list.
// Another tournament's team, another organiser, a decided match and bad input are refused with a
// message, writing nothing; a bet the edit's look at the bets index missed is refunded by settlement.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent, AdminEventDetail, AdminTeam, AdminTournament, EventAuditEntry, GameEvent, Tournament } from '#shared/api.ts';
import { VENUE_MAX_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { baseUrl, verifiedUser } from './accounts-flows.ts';
import { createEvent, hoursFromNow, operatorClient } from './game-flows.ts';
import { settlementModules, waitFor, waitUntilSettled, walletOf, WELCOME } from './settlement-flows.ts';

type User = Awaited<ReturnType<typeof verifiedUser>>;

const refusal = (statusCode: number, message: string) => ({ statusCode, message, success: false });

describe("fixing a tournament's matches", () => {
  let operator: ApiClient;
  let organiser: User;
  let tournamentId: string;
  const tag = randomUUID().slice(0, 6);
  let teamCount = 0;

  const addTeam = async (name = `Team ${++teamCount} ${tag}`) => {
    const made = await organiser.client.post<{ data: AdminTeam }>('/admin/teams', { teamName: name, members: [{ name: 'Asha' }], tournamentId });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.data;
  };
  const addMatch = async (home: AdminTeam, away: AdminTeam, time = hoursFromNow(5)) => {
    const made = await organiser.client.post<{ data: AdminEvent }>('/admin/events', { tournamentId, time, teamIds: [home._id, away._id] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.data;
  };
  const edit = (id: string, body: object, by: ApiClient = organiser.client) => by.patch<{ data: AdminEvent }>(`/admin/events/${id}`, body);
  const listed = async (id: string) => (await organiser.client.get<{ data: GameEvent[] }>(`/game/event-list?tournamentId=${tournamentId}`)).body.data.find((e) => e._id === id);
  const detail = async (id: string, by: ApiClient = organiser.client) => by.get<{ data: AdminEventDetail }>(`/admin/events/${id}`);
  const actions = async (id: string) => (await organiser.client.get<{ data: EventAuditEntry[] }>(`/admin/events/${id}/audit`)).body.data.map((e) => [e.action, e.detail ?? '']);
  const bet = async (event: AdminEvent, teamId = event.teamIds[0]) => {
    const bettor = await verifiedUser();
    const placed = await bettor.client.post('/bet/create-new', { eventId: event._id, teamId, betWay: 'coin', amount: 100 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return bettor;
  };
  const cards = async () => (await organiser.client.get<{ data: Tournament[] }>('/game/tournament-list')).body.data.find((t) => t._id === tournamentId);

  beforeAll(async () => {
    operator = await operatorClient();
    organiser = await verifiedUser();
    expect((await operator.put(`/admin/users/${organiser.userId}/tournament-creator`, { allowed: true })).status).toBe(200);
    tournamentId = (await organiser.client.post<{ data: AdminTournament }>('/admin/tournaments', { title: `Fix-it Cup ${tag}` })).body.data._id;
  });

  it('changes the teams, time and venue of a match nobody bet on, in its history, and frees the team it replaced', async () => {
    const [home, away, other] = [await addTeam(), await addTeam(), await addTeam()];
    const match = await addMatch(home, away);
    expect((await detail(match._id)).body.data).toMatchObject({ _id: match._id, teamIds: [home._id, away._id], hasBets: false });

    const time = hoursFromNow(7);
    const edited = await edit(match._id, { teamIds: [home._id, other._id], time, venue: '  Main ground ' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ teamIds: [home._id, other._id], time, venue: 'Main ground', isBetActive: true });
    const shown = await listed(match._id);
    expect(shown?.teams.map((t) => t._id)).toEqual([home._id, other._id]);
    expect(shown).toMatchObject({ time, venue: 'Main ground', isBetActive: true });
    // One entry per change, written together (at the same instant, in no set order).
    const trail = await actions(match._id);
    expect(trail[0][0]).toBe('created');
    expect(trail.slice(1).sort()).toEqual([
      ['re-timed', `starts ${time}`],
      ['teams-changed', `${home.teamName} vs ${other.teamName}`],
      ['venue-set', 'Main ground'],
    ]);

    // The replaced team plays nowhere now: it can be removed; the new one plays here: it cannot.
    expect((await organiser.client.delete(`/admin/teams/${away._id}`)).body).toMatchObject({ statusCode: 200, message: MSG.teamRemoved });
    expect((await organiser.client.delete(`/admin/teams/${other._id}`)).body).toEqual(refusal(409, MSG.teamInMatch));

    // A blank venue clears it; home and away swapped is the same two teams.
    expect((await edit(match._id, { venue: '' })).body.data.venue).toBeUndefined();
    expect((await listed(match._id))?.venue).toBeUndefined();
    const swapped = await edit(match._id, { teamIds: [other._id, home._id] });
    expect(swapped.body.data.teamIds).toEqual([other._id, home._id]);
    expect((await actions(match._id)).slice(-2)).toEqual([
      ['venue-set', 'none'],
      ['teams-changed', `${other.teamName} vs ${home.teamName}`],
    ]);
  });

  it('refuses a change of teams once someone has bet, and still moves its time, switch and venue', async () => {
    const [home, away, other] = [await addTeam(), await addTeam(), await addTeam()];
    const match = await addMatch(home, away);
    await bet(match);
    expect((await detail(match._id)).body.data.hasBets).toBe(true);

    expect((await edit(match._id, { teamIds: [home._id, other._id] })).body).toEqual(refusal(409, MSG.eventTeamsHaveBets));
    // The whole edit is refused: nothing of it is written.
    expect((await edit(match._id, { teamIds: [other._id, away._id], venue: 'Back ground' })).body).toEqual(refusal(409, MSG.eventTeamsHaveBets));
    expect((await listed(match._id))?.teams.map((t) => t._id)).toEqual([home._id, away._id]);
    expect((await listed(match._id))?.venue).toBeUndefined();
    expect((await organiser.client.delete(`/admin/teams/${other._id}`)).status).toBe(200); // it never joined the match

    const later = hoursFromNow(9);
    expect((await edit(match._id, { time: later })).body.data.time).toBe(later);
    expect((await edit(match._id, { isBetActive: false })).body.data.isBetActive).toBe(false);
    expect((await edit(match._id, { venue: 'Hostel lawn', isBetActive: true })).body.data).toMatchObject({ venue: 'Hostel lawn', isBetActive: true });
    expect((await edit(match._id, { teamIds: [away._id, home._id] })).status).toBe(200); // the same two teams
    expect((await actions(match._id)).map(([action]) => action).sort()).toEqual(['created', 'paused', 're-timed', 'reopened', 'teams-changed', 'venue-set']);
  });

  it('deletes a match with no bets: gone from the lists and the counts, its teams free, its reminder schedule gone', async () => {
    const [home, away] = [await addTeam(), await addTeam()];
    const keep = await addMatch(home, away, hoursFromNow(3));
    const match = await addMatch(home, away, hoursFromNow(4));
    const scheduleNames = async () => ((await (await fetch(`${baseUrl()}/_local/scheduler`)).json()) as { Name: string }[]).map((s) => s.Name);
    await waitFor(scheduleNames, (names) => names.includes(`reminder-${match._id}`));
    const before = (await cards())!.eventCount;

    const deleted = await organiser.client.delete(`/admin/events/${match._id}`);
    expect(deleted.body).toMatchObject({ statusCode: 200, message: MSG.eventDeleted, success: true });
    expect(await listed(match._id)).toBeUndefined();
    expect(await listed(keep._id)).toBeDefined();
    expect((await cards())!.eventCount).toBe(before - 1);
    expect((await detail(match._id, operator)).body).toEqual(refusal(404, MSG.eventNotFound));
    expect((await organiser.client.delete(`/admin/events/${match._id}`)).status).toBe(403); // no match, so no tournament to organise
    expect((await operator.delete(`/admin/events/${match._id}`)).body).toEqual(refusal(404, MSG.eventNotFound));
    await waitFor(scheduleNames, (names) => !names.includes(`reminder-${match._id}`));
    // The trail keeps the deletion (read from the table: the match is gone, so no route shows it).
    await settlementModules(); // the data modules, on the local cloud's table
    const audit = await import('#functions/data/event-audit.ts');
    expect((await audit.listEventAudit(match._id)).map((e) => e.action)).toEqual(['created', 'deleted']);

    // The other match still holds both teams; once it goes too, they can be removed.
    expect((await organiser.client.delete(`/admin/teams/${home._id}`)).body).toEqual(refusal(409, MSG.teamInMatch));
    expect((await organiser.client.delete(`/admin/events/${keep._id}`)).status).toBe(200);
    for (const team of [home, away]) expect((await organiser.client.delete(`/admin/teams/${team._id}`)).status).toBe(200);
  });

  it('refuses to delete a match with bets (void it instead) and leaves it open as it was', async () => {
    const match = await addMatch(await addTeam(), await addTeam());
    await bet(match, match.teamIds[1]);
    expect((await organiser.client.delete(`/admin/events/${match._id}`)).body).toEqual(refusal(409, MSG.eventHasBets));
    expect(await listed(match._id)).toMatchObject({ isBetActive: true });
    expect((await actions(match._id)).map(([action]) => action)).toEqual(['created']);
  });

  it('never deletes a match under an accepted bet, when both are asked at once', async () => {
    for (let round = 0; round < 3; round++) {
      const match = await addMatch(await addTeam(), await addTeam());
      const bettor = await verifiedUser();
      const [deleted, placed] = await Promise.all([
        organiser.client.delete(`/admin/events/${match._id}`),
        bettor.client.post('/bet/create-new', { eventId: match._id, teamId: match.teamIds[0], betWay: 'coin', amount: 100 }),
      ]);
      // One of the two wins: a deleted match took no bet (a bet that landed as it closed is refunded at once).
      expect(deleted.status === 200 && placed.status === 201, `${deleted.status} ${placed.status} ${JSON.stringify(placed.body)}`).toBe(false);
      if (deleted.status === 200) {
        expect(await listed(match._id)).toBeUndefined();
        expect((await walletOf(bettor.client)).totalCoins).toBe(WELCOME);
      } else {
        expect(deleted.body).toEqual(refusal(409, MSG.eventHasBets));
        expect(await listed(match._id)).toMatchObject({ isBetActive: true });
      }
    }
  });

  it("refuses another tournament's team (400) and an unknown one (404), changing nothing", async () => {
    const [home, away] = [await addTeam(), await addTeam()];
    const match = await addMatch(home, away);
    // The operator's match elsewhere plays their shared teams; this team is another tournament's own.
    const elsewhere = await createEvent(operator);
    const theirs = (await operator.post<{ data: AdminTeam }>('/admin/teams', { teamName: `Theirs ${tag}`, members: [], tournamentId: elsewhere.tournamentId })).body.data;
    for (const teamIds of [[home._id, theirs._id], [elsewhere.teams[1]._id, away._id]]) {
      expect((await edit(match._id, { teamIds })).body, JSON.stringify(teamIds)).toEqual(refusal(400, MSG.teamNotInTournament));
    }
    // Not even an operator may bring one tournament's team into another's match.
    expect((await edit(match._id, { teamIds: [home._id, theirs._id] }, operator)).body).toEqual(refusal(400, MSG.teamNotInTournament));
    expect((await edit(match._id, { teamIds: [home._id, randomUUID()] })).body).toEqual(refusal(404, MSG.teamNotFound));
    expect((await listed(match._id))?.teams.map((t) => t._id)).toEqual([home._id, away._id]);
    expect((await actions(match._id)).map(([action]) => action)).toEqual(['created']);
  });

  it("answers 403 to another tournament's organiser and to a bettor, on the match and its detail", async () => {
    const match = await addMatch(await addTeam(), await addTeam());
    const stranger = await verifiedUser();
    expect((await operator.put(`/admin/users/${stranger.userId}/tournament-creator`, { allowed: true })).status).toBe(200);
    expect((await stranger.client.post('/admin/tournaments', { title: `Other Cup ${tag}` })).status).toBe(201);
    for (const client of [stranger.client, (await verifiedUser()).client]) {
      expect((await edit(match._id, { venue: 'Mine' }, client)).body).toEqual(refusal(403, MSG.forbidden));
      expect((await client.delete(`/admin/events/${match._id}`)).status).toBe(403);
      expect((await detail(match._id, client)).status).toBe(403);
    }
    expect(await listed(match._id)).toMatchObject({ isBetActive: true });
    expect((await listed(match._id))?.venue).toBeUndefined();
  });

  it('refuses to edit or delete a decided match (409)', async () => {
    const [home, away, other] = [await addTeam(), await addTeam(), await addTeam()];
    const won = await addMatch(home, away);
    const voided = await addMatch(home, away);
    expect((await organiser.client.post(`/admin/events/${won._id}/result`, { winnerTeamId: home._id })).status).toBe(202);
    expect((await organiser.client.post(`/admin/events/${voided._id}/result`, { void: true })).status).toBe(202);
    for (const match of [won, voided]) {
      for (const body of [{ teamIds: [home._id, other._id] }, { time: hoursFromNow(8) }, { venue: 'Late ground' }, { isBetActive: true }]) {
        expect((await edit(match._id, body)).body, JSON.stringify(body)).toEqual(refusal(409, MSG.eventDecided));
      }
      expect((await organiser.client.delete(`/admin/events/${match._id}`)).body).toEqual(refusal(409, MSG.eventDecided));
    }
    expect(await listed(won._id)).toMatchObject({ winnerTeam: { _id: home._id }, isBetActive: false });
  });

  it('answers bad input with 400 and the message the console shows', async () => {
    const [home, away] = [await addTeam(), await addTeam()];
    const match = await addMatch(home, away);
    const cases: [object, string][] = [
      [{}, MSG.nothingToUpdate],
      [{ teamIds: [home._id, home._id] }, MSG.teamIdsInvalid],
      [{ teamIds: [home._id] }, MSG.teamIdsInvalid],
      [{ teamIds: 'both' }, MSG.teamIdsInvalid],
      [{ teamIds: [home._id, 'not-an-id'] }, MSG.invalidId],
      [{ venue: 'v'.repeat(VENUE_MAX_LENGTH + 1) }, MSG.venueTooLong],
      [{ venue: 'Main\u202eground' }, MSG.textInvalidCharacters],
      [{ venue: 42 }, MSG.venueTooLong],
      [{ time: 'tomorrow' }, MSG.eventTimeInvalid],
    ];
    for (const [body, message] of cases) expect((await edit(match._id, body)).body, JSON.stringify(body)).toEqual(refusal(400, message));
    expect((await organiser.client.delete('/admin/events/not-an-id')).body).toEqual(refusal(400, MSG.invalidId));
    expect((await detail('not-an-id')).body).toEqual(refusal(400, MSG.invalidId));
    expect((await listed(match._id))?.teams.map((t) => t._id)).toEqual([home._id, away._id]);
    expect((await actions(match._id)).map(([action]) => action)).toEqual(['created']);
  });

  it("refunds, whatever the result, a bet placed before the teams changed (one the edit's look at the bets index missed)", async () => {
    const [home, away, other] = [await addTeam(), await addTeam(), await addTeam()];
    const match = await addMatch(home, away);
    const [onKept, onReplaced] = [await bet(match, home._id), await bet(match, away._id)];
    // As the edit does when the index has not shown these bets yet: new teams, a new betting version, the lineup's.
    const { events } = await settlementModules();
    const read = (await events.getEvent(match._id, true))!;
    const lineupVersion = events.bettingVersionOf(read) + 1;
    expect(await events.updateEvent(match._id, { teamIds: [home._id, other._id], lineupVersion }, [], events.bettingVersionOf(read))).toMatchObject({ lineupVersion });
    // A bet placed since, on the new teams, stands.
    const since = await bet({ ...match, teamIds: [home._id, other._id] }, home._id);

    expect((await organiser.client.post(`/admin/events/${match._id}/result`, { winnerTeamId: home._id })).status).toBe(202);
    await waitUntilSettled(match._id);
    expect((await walletOf(onKept.client)).totalCoins).toBe(WELCOME);
    expect((await walletOf(onReplaced.client)).totalCoins).toBe(WELCOME);
    expect((await walletOf(since.client)).totalCoins).toBe(WELCOME - 100 + 150);
    const notices = await onKept.client.get<{ data: { notifications: { subject: string }[] }[] }>('/user/notification-list?filter=all');
    expect(notices.body.data.flatMap((day) => day.notifications.map((n) => n.subject))).toContain('Match changed: stake refunded');
  });
});
