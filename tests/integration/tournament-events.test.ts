// A tournament's matches as its organisers see them (issue 21, the console's Matches screen): GET
// /admin/tournaments/{id}/events answers every match, soonest first, the knockout matches still waiting
// for their teams included (the public list leaves those out), with what each empty side waits for and
// the team already through to the other; a match replaced by a correction stays, marked with the match
// played in its place. A waiting match's
// time and venue change through PATCH /admin/events/{id} (its teams do not). Another tournament's
// organiser and a plain user are refused (403), an unknown tournament is a 404 for an operator.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent, AdminTeam, AdminTournament, GameEvent } from '#shared/api.ts';
import { planFormat } from '#shared/format-plan.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { operatorClient } from './game-flows.ts';
import { waitUntilSettled } from './settlement-flows.ts';

type User = Awaited<ReturnType<typeof verifiedUser>>;
const HOUR_MS = 3_600_000;

describe("a tournament's matches for its organisers", () => {
  let operator: ApiClient;
  let organiser: User;
  let tournamentId: string;
  let teams: AdminTeam[];
  /** The published matches by key: R1-M2, R1-M4 (the seeds 4-6 play), R2-M1, R2-M2 (seeds 1 and 2 wait), R3-M1. */
  const byKey = new Map<string, AdminEvent>();
  const tag = randomUUID().slice(0, 6);

  const newTournament = async (title: string, by: User) => {
    const made = await operator.post<{ data: AdminTournament }>('/admin/tournaments', { title: `${title} ${tag}` });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await operator.post(`/admin/tournaments/${made.body.data._id}/organisers`, { email: by.email })).status).toBe(201);
    return made.body.data._id;
  };
  const matchesOf = (id: string, by: ApiClient = organiser.client) => by.get<{ data: AdminEvent[] }>(`/admin/tournaments/${id}/events`);
  const matches = async () => {
    const answer = await matchesOf(tournamentId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const listed = async () => (await organiser.client.get<{ data: GameEvent[] }>(`/game/event-list?tournamentId=${tournamentId}`)).body.data;
  const nameOf = (seed: number) => teams[seed - 1].teamName;
  const decide = async (eventId: string, winnerTeamId: string, path = 'result') => {
    const answer = await organiser.client.post(`/admin/events/${eventId}/${path}`, { winnerTeamId });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    await waitUntilSettled(eventId);
  };

  beforeAll(async () => {
    operator = await operatorClient();
    organiser = await verifiedUser();
    tournamentId = await newTournament('Six-hostel Cup', organiser);
    const made = await organiser.client.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${tournamentId}/teams/bulk`, {
      teams: Array.from({ length: 6 }, (_, i) => ({ teamName: `Hostel ${String.fromCharCode(65 + i)} ${tag}`, members: [`Player ${i + 1}`] })),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    teams = made.body.data.created; // the paste's order is the seeding: Hostel A is the top seed
    const seeded = teams.map((team) => team._id);
    const keys = planFormat({ kind: 'knockout' }, seeded).matches.map((match) => match.id);
    expect(keys).toEqual(['R1-M2', 'R1-M4', 'R2-M1', 'R2-M2', 'R3-M1']);
    const schedule = Object.fromEntries(keys.map((key, i) => [key, { startsAt: new Date(Date.now() + (24 + 24 * i) * HOUR_MS).toISOString() }]));
    const published = await organiser.client.post<{ data: { events: AdminEvent[] } }>(`/admin/tournaments/${tournamentId}/format`, { format: { kind: 'knockout' }, seededTeamIds: seeded, schedule });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    for (const event of published.body.data.events) byKey.set(Object.keys(schedule).find((key) => schedule[key].startsAt === event.time)!, event);
    expect(byKey.size).toBe(5);
  }, 120_000);

  it('answers every match soonest first, the ones waiting for their teams with what each side waits for and who is already through', async () => {
    const all = await matches();
    expect(all.map((event) => event._id)).toEqual(['R1-M2', 'R1-M4', 'R2-M1', 'R2-M2', 'R3-M1'].map((key) => byKey.get(key)!._id));
    const [first, second, semi1, semi2, final] = all;
    for (const open of [first, second]) {
      expect(open.teamIds).toHaveLength(2);
      expect(open).not.toHaveProperty('awaiting');
      expect(open).not.toHaveProperty('knownSides');
    }
    // The top two seeds went through with a bye: each semi-final waits for one side only.
    expect(semi1).toMatchObject({ tournamentId, teamIds: [], isBetActive: false, winnerTeamId: null, stage: 'Semi-finals', awaiting: { away: 'Winner of R1-M2' }, knownSides: { home: nameOf(1) } });
    expect(semi1.awaiting).not.toHaveProperty('home');
    expect(semi2).toMatchObject({ teamIds: [], awaiting: { away: 'Winner of R1-M4' }, knownSides: { home: nameOf(2) } });
    expect(final).toMatchObject({ teamIds: [], stage: 'Final', awaiting: { home: 'Winner of R2-M1', away: 'Winner of R2-M2' } });
    expect(final).not.toHaveProperty('knownSides');
    // Students see only the two matches they can bet on.
    expect((await listed()).map((event) => event._id)).toEqual([first._id, second._id]);
  });

  it("re-times a waiting match and sets its venue (its teams stay the bracket's), and lists it by its new time", async () => {
    const final = byKey.get('R3-M1')!;
    // Moved ahead of the second semi-final: the list follows the new time.
    const time = new Date(Date.parse(byKey.get('R2-M2')!.time) - HOUR_MS).toISOString();
    const edited = await organiser.client.patch<{ data: AdminEvent }>(`/admin/events/${final._id}`, { time, venue: 'Main ground' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ time, venue: 'Main ground', teamIds: [], awaiting: { home: 'Winner of R2-M1', away: 'Winner of R2-M2' } });
    const all = await matches();
    expect(all.map((event) => event._id)).toEqual(['R1-M2', 'R1-M4', 'R2-M1', 'R3-M1', 'R2-M2'].map((key) => byKey.get(key)!._id));
    expect(all.find((event) => event._id === final._id)).toMatchObject({ time, venue: 'Main ground' });
    // Its teams are the bracket's to fill: refused, nothing written.
    const teamsChange = await organiser.client.patch(`/admin/events/${final._id}`, { teamIds: [teams[0]._id, teams[1]._id] });
    expect(teamsChange.body).toEqual({ statusCode: 409, message: MSG.eventInBracket, success: false });
    expect((await matches()).find((event) => event._id === final._id)).toMatchObject({ teamIds: [], time });
    // Put back in its place for the tests after this one.
    expect((await organiser.client.patch(`/admin/events/${final._id}`, { time: byKey.get('R3-M1')!.time })).status).toBe(200);
  });

  it('shows a semi-final with both teams once its feeder is decided, and after a correction the replacement, the replaced match marked as such', { timeout: 120_000 }, async () => {
    const feeder = byKey.get('R1-M2')! as AdminEvent & { teamIds: [string, string] };
    const semi1 = byKey.get('R2-M1')!;
    await decide(feeder._id, feeder.teamIds[0]);
    let filled = (await matches()).find((event) => event._id === semi1._id)!;
    expect(filled).toMatchObject({ teamIds: [teams[0]._id, feeder.teamIds[0]], isBetActive: true });
    expect(filled).not.toHaveProperty('awaiting');
    expect(filled).not.toHaveProperty('knownSides');
    // The final still waits for both semi-finals.
    expect((await matches()).at(-1)).toMatchObject({ awaiting: { home: 'Winner of R2-M1', away: 'Winner of R2-M2' } });

    // A correction changes who went through: the semi-final (both teams known) is voided and replaced.
    await decide(feeder._id, feeder.teamIds[1], 'correct-result');
    const all = await matches();
    expect(all).toHaveLength(6);
    filled = all.find((event) => event.stage === 'Semi-finals' && event.teamIds.length === 2 && !event.replacedBy)!;
    expect(filled).toMatchObject({ teamIds: [teams[0]._id, feeder.teamIds[1]], time: semi1.time });
    expect(filled._id).not.toBe(semi1._id);
    expect(all.find((event) => event._id === semi1._id)).toMatchObject({ isVoid: true, replacedBy: { eventId: filled._id, description: expect.stringMatching(/^Semi-finals · Match 1 \(R2-M1\): /) } });
  });

  it("refuses another tournament's organiser and a plain user (403), and answers 404 for a tournament that does not exist", async () => {
    const other = await verifiedUser();
    await newTournament('Another Cup', other);
    expect((await matchesOf(tournamentId, other.client)).body).toEqual({ statusCode: 403, message: MSG.forbidden, success: false });
    const plain = await verifiedUser();
    expect((await matchesOf(tournamentId, plain.client)).body).toEqual({ statusCode: 403, message: MSG.forbidden, success: false });
    const unknown = randomUUID();
    expect((await matchesOf(unknown, operator)).body).toEqual({ statusCode: 404, message: MSG.tournamentNotFound, success: false });
    // An organiser learns nothing of what exists: another one's or no tournament, the same 403.
    expect((await matchesOf(unknown)).status).toBe(403);
    // The operator sees every tournament's.
    expect((await matchesOf(tournamentId, operator)).body.data).toHaveLength(6);
  });
});
