// What the bet screen and the receipt read (issue 22 §4-§5): one match by id with its teams and its
// tournament's title (GET /game/event/{id}, public), and a bet's receipt naming its match, team, status
// and what it pays if it wins.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BetReceipt, MatchView } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { newClient, verifiedUser } from './accounts-flows.ts';
import { coinBet, createEvent, createTournament, operatorClient } from './game-flows.ts';

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

describe('GET /game/event/{id}', () => {
  it('answers one match, its teams, its betting state and its tournament title, to a visitor too', async () => {
    const tournament = await createTournament(operator);
    const { event, teams } = await createEvent(operator, { tournamentId: tournament._id });
    const answer = await newClient().get<{ data: MatchView }>(`/game/event/${event._id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      _id: event._id,
      tournamentId: tournament._id,
      tournamentTitle: tournament.title,
      time: event.time,
      isBetActive: true,
      winnerTeam: {},
    });
    expect(answer.body.data.teams.map((team) => team.teamName)).toEqual(teams.map((team) => team.teamName));
  });

  it('says a paused match is not taking bets', async () => {
    const { event } = await createEvent(operator, { isBetActive: false });
    expect((await newClient().get<{ data: MatchView }>(`/game/event/${event._id}`)).body.data.isBetActive).toBe(false);
  });

  it('answers 404 with its message for an unknown match, and 400 for a malformed id', async () => {
    const unknown = await newClient().get(`/game/event/${randomUUID()}`);
    expect([unknown.status, unknown.body.message]).toEqual([404, MSG.eventNotFound]);
    expect((await newClient().get(`/game/event/${'x'.repeat(500)}`)).status).toBe(400);
  });
});

describe('GET /bet/get-bet/{id}', () => {
  it('names the match, the team backed, the status and the payout if it wins (1.5x, whole coins)', async () => {
    const user = await verifiedUser();
    const { event, teams } = await createEvent(operator);
    const placed = await user.client.post<{ data: { betId: string } }>('/bet/create-new', coinBet(event, 155));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const receipt = await user.client.get<{ data: BetReceipt }>(`/bet/get-bet/${placed.body.data.betId}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.data).toMatchObject({
      betway: 'coin',
      amount: 155,
      eventId: event._id,
      teamId: teams[0]._id,
      teamName: teams[0].teamName,
      status: 'pending',
      payout: 232,
    });
  });

  it('is still nobody else’s: another user gets the not-found answer', async () => {
    const [owner, other] = await Promise.all([verifiedUser(), verifiedUser()]);
    const { event } = await createEvent(operator);
    const placed = await owner.client.post<{ data: { betId: string } }>('/bet/create-new', coinBet(event, 100));
    const answer = await other.client.get(`/bet/get-bet/${placed.body.data.betId}`);
    expect([answer.status, answer.body.message]).toEqual([402, MSG.betNotFound]);
  });
});
