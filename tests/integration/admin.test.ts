// The operator's catalogue API: tournaments, teams and events under /admin.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { newClient, verifiedUser } from './accounts-flows.ts';
import { createEvent, createTeam, createTournament, hoursFromNow, operatorClient } from './game-flows.ts';

const error = (statusCode: number, message: string) => ({ statusCode, message, success: false });

describe('operator routes', () => {
  // Valid requests: the organiser routes check the body before the tournament's organisers.
  const calls = [
    ['post', '/admin/tournaments', { title: 'Mine' }],
    ['patch', `/admin/tournaments/${randomUUID()}`, { title: 'Mine' }],
    ['post', '/admin/teams', { teamName: 'Mine', members: [] }],
    ['patch', `/admin/teams/${randomUUID()}`, { teamRank: 1 }],
    ['post', '/admin/events', { tournamentId: randomUUID(), time: new Date(Date.now() + 3_600_000).toISOString(), teamIds: [randomUUID(), randomUUID()] }],
    ['patch', `/admin/events/${randomUUID()}`, { isBetActive: false }],
  ] as const;

  it('answer 401 without a session and 403 for a user who is neither an operator nor an organiser', async () => {
    const { client: user } = await verifiedUser();
    for (const [method, path, body] of calls) {
      expect((await newClient()[method](path, body)).body, path).toEqual(error(401, MSG.unauthorized));
      // Creating a tournament takes an operator's leave, which the refusal says (tournament-creators.test.ts).
      const refusal = path === '/admin/tournaments' ? MSG.tournamentCreationNotAllowed : MSG.forbidden;
      expect((await user[method](path, body)).body, path).toEqual(error(403, refusal));
    }
  });
});

describe('tournaments', () => {
  it('creates and edits a tournament, answering it with its _id', async () => {
    const operator = await operatorClient();
    const created = await operator.post('/admin/tournaments', { title: '  Spring Cup  ' });
    expect(created.status).toBe(201);
    // No sport chosen: 'other', its usual points, a referee's result standing after 10 minutes.
    expect(created.body.data).toEqual({
      _id: expect.any(String),
      title: 'Spring Cup',
      previewImg: null,
      createdAt: expect.any(String),
      sport: 'other',
      points: { win: 3, draw: 1, loss: 0 },
      confirmAfterMinutes: 10,
    });

    const edited = await operator.patch(`/admin/tournaments/${created.body.data._id}`, { previewImg: '/demo/football.svg' });
    expect(edited.body.data).toEqual({ ...created.body.data, previewImg: '/demo/football.svg' });
  });

  it('refuses bad input with a message and answers 404 for an unknown id', async () => {
    const operator = await operatorClient();
    expect((await operator.post('/admin/tournaments', {})).body).toEqual(error(400, MSG.titleRequired));
    expect((await operator.post('/admin/tournaments', { title: 'x'.repeat(81) })).body).toEqual(error(400, MSG.titleTooLong));
    expect((await operator.post('/admin/tournaments', { title: 'Cup', previewImg: 'javascript:alert(1)' })).body).toEqual(error(400, MSG.previewImgInvalid));
    const { _id } = await createTournament(operator);
    expect((await operator.patch(`/admin/tournaments/${_id}`, {})).body).toEqual(error(400, MSG.nothingToUpdate));
    expect((await operator.patch('/admin/tournaments/not-an-id', { title: 'Cup' })).body).toEqual(error(400, MSG.invalidId));
    expect((await operator.patch(`/admin/tournaments/${randomUUID()}`, { title: 'Cup' })).body).toEqual(error(404, MSG.tournamentNotFound));
  });

  it('takes only images of our own origin or plain https URLs, as a browser resolves them, stored in normal form', async () => {
    const operator = await operatorClient();
    const { _id } = await createTournament(operator);
    // Each of these a browser on the app's page loads from another host, or not over https.
    const elsewhere = [
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      '\\\\evil.example\\x.png',
      '/\t/evil.example/x.png',
      '/.//evil.example/x.png',
      '/demo/../..//evil.example/x.png',
      'http://evil.example/x.png',
      'https://user:secret@evil.example/x.png',
      'data:image/svg+xml,<svg/>',
      'javascript:alert(1)',
      'demo/cricket.svg',
      `/${'a'.repeat(2048)}`,
    ];
    for (const previewImg of elsewhere) {
      expect((await operator.post('/admin/tournaments', { title: 'Cup', previewImg })).body, previewImg).toEqual(error(400, MSG.previewImgInvalid));
      expect((await operator.patch(`/admin/tournaments/${_id}`, { previewImg })).body, previewImg).toEqual(error(400, MSG.previewImgInvalid));
    }
    const stored = async (previewImg: string) => (await operator.patch(`/admin/tournaments/${_id}`, { previewImg })).body.data.previewImg;
    expect(await stored('/demo/cricket.svg')).toBe('/demo/cricket.svg');
    expect(await stored(' /demo/my cup.svg?v=2 ')).toBe('/demo/my%20cup.svg?v=2');
    expect(await stored('https://images.example/cup.png')).toBe('https://images.example/cup.png');
    // A scheme-relative https form is kept as the absolute URL it is, never as a path a page could read otherwise.
    expect(await stored('https:images.example/cup.png')).toBe('https://images.example/cup.png');
  });
});

describe('teams', () => {
  it('creates and edits a team with its members', async () => {
    const operator = await operatorClient();
    const created = await operator.post('/admin/teams', { teamName: 'Blue Hawks', members: [{ name: ' Asha ' }] });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      _id: expect.any(String),
      teamName: 'Blue Hawks',
      teamRank: null,
      members: [{ name: 'Asha' }],
      trophy: 0,
      createdAt: expect.any(String),
    });
    const edited = await operator.patch(`/admin/teams/${created.body.data._id}`, { teamRank: 2, members: [{ name: 'Ravi' }] });
    expect(edited.body.data).toMatchObject({ teamName: 'Blue Hawks', teamRank: 2, members: [{ name: 'Ravi' }] });
  });

  it('refuses bad input with a message and answers 404 for an unknown id', async () => {
    const operator = await operatorClient();
    expect((await operator.post('/admin/teams', { members: [] })).body).toEqual(error(400, MSG.teamNameRequired));
    expect((await operator.post('/admin/teams', { teamName: 'A', teamRank: 0, members: [] })).body).toEqual(error(400, MSG.teamRankInvalid));
    expect((await operator.post('/admin/teams', { teamName: 'A', members: 'Asha' })).body).toEqual(error(400, MSG.membersInvalid));
    expect((await operator.post('/admin/teams', { teamName: 'A', members: [{ name: '' }] })).body).toEqual(error(400, MSG.memberNameRequired));
    expect((await operator.patch(`/admin/teams/${randomUUID()}`, { teamName: 'A' })).body).toEqual(error(404, MSG.teamNotFound));
  });
});

describe('events', () => {
  it('creates an event open for bets, pauses it and moves it', async () => {
    const operator = await operatorClient();
    const { event, teams, tournamentId } = await createEvent(operator, { time: '2030-05-01T18:30:00+05:30' });
    expect(event).toEqual({
      _id: expect.any(String),
      tournamentId,
      time: '2030-05-01T13:00:00.000Z',
      teamIds: teams.map((t) => t._id),
      isBetActive: true,
      winnerTeamId: null,
      createdAt: expect.any(String),
    });
    const paused = await operator.patch(`/admin/events/${event._id}`, { isBetActive: false, time: '2030-05-02T10:00:00Z' });
    expect(paused.body.data).toEqual({ ...event, isBetActive: false, time: '2030-05-02T10:00:00.000Z' });
  });

  it('refuses bad input, unknown tournaments and teams', async () => {
    const operator = await operatorClient();
    const { _id: tournamentId } = await createTournament(operator);
    const [a, b] = [(await createTeam(operator))._id, (await createTeam(operator))._id];
    const post = (body: object) => operator.post('/admin/events', { tournamentId, time: hoursFromNow(1), teamIds: [a, b], ...body });
    expect((await post({ teamIds: [a, a] })).body).toEqual(error(400, MSG.teamIdsInvalid));
    expect((await post({ teamIds: [a] })).body).toEqual(error(400, MSG.teamIdsInvalid));
    expect((await post({ time: 'tomorrow' })).body).toEqual(error(400, MSG.eventTimeInvalid));
    expect((await post({ tournamentId: randomUUID() })).body).toEqual(error(404, MSG.tournamentNotFound));
    expect((await post({ teamIds: [a, randomUUID()] })).body).toEqual(error(404, MSG.teamNotFound));
    expect((await operator.patch(`/admin/events/${randomUUID()}`, { isBetActive: true })).body).toEqual(error(404, MSG.eventNotFound));
    expect((await operator.patch(`/admin/events/${randomUUID()}`, { isBetActive: 'yes' })).body).toEqual(error(400, MSG.isBetActiveInvalid));
    // Nothing was written by the refused calls.
    const list = await newClient().get(`/game/event-list?tournamentId=${tournamentId}`);
    expect(list.body.data).toEqual([]);
  });
});
