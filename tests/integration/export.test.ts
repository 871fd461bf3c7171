// The organiser export (issue 14 §5): GET /admin/tournaments/{id}/export writes a CSV of every bet and
// the tournament's leaderboards to S3 as it reads them and answers a short-lived download link; the
// cells a spreadsheet would run as formulas are neutralised; 3,000 bets go out a page at a time.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { coinBet, createEvent, createTeam, createTournament, domainModules, hoursFromNow, operatorClient } from './game-flows.ts';
import { waitUntilSettled } from './settlement-flows.ts';

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

const error = (statusCode: number, message: string) => ({ statusCode, message, success: false });

/** The CSV behind an export's link, as rows of cells. */
async function download(url: string): Promise<{ rows: string[][]; disposition: string | null }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return { rows: parse(await res.text(), { relax_column_count: true }), disposition: res.headers.get('content-disposition') };
}

/** The rows of one section: from its title row to the next empty row, without the title and header. */
const section = (rows: string[][], title: string) => {
  const start = rows.findIndex((row) => row[0] === title);
  const end = rows.findIndex((row, i) => i > start && row.every((cell) => cell === ''));
  return rows.slice(start + 2, end === -1 ? undefined : end);
};

describe('GET /admin/tournaments/{id}/export', () => {
  it('answers a download link to a CSV of every bet and both leaderboards, formulas neutralised', async () => {
    const { event, teams, tournamentId } = await createEvent(operator);
    // A team name and a user name a spreadsheet would run as formulas; a comma and quotes to escape.
    expect((await operator.patch(`/admin/teams/${teams[0]._id}`, { teamName: '=HYPERLINK("x", "y")' })).status).toBe(200);
    const [alice, bob] = await Promise.all([verifiedUser(), verifiedUser()]);
    const aliceName = `@Alice ${randomUUID().slice(0, 6)}`;
    expect((await alice.client.patch('/user/update-user', { userName: aliceName })).status).toBe(200);
    expect((await alice.client.post('/bet/create-new', { ...coinBet(event, 200), teamId: teams[0]._id })).status).toBe(201);
    expect((await bob.client.post('/bet/create-new', { ...coinBet(event, 100), teamId: teams[1]._id })).status).toBe(201);
    expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[0]._id })).status).toBe(202);
    await waitUntilSettled(event._id);
    // A second match still open: its bet is pending.
    const { _id: laterId } = (await operator.post('/admin/events', { tournamentId, time: hoursFromNow(3), teamIds: [teams[1]._id, teams[0]._id] })).body.data;
    expect((await bob.client.post('/bet/create-new', { eventId: laterId, teamId: teams[1]._id, betWay: 'coin', amount: 50 })).status).toBe(201);

    const answer = await operator.get(`/admin/tournaments/${tournamentId}/export`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ message: MSG.exportReady, data: { bets: 3, fileName: expect.stringMatching(/\.csv$/) } });
    const { rows, disposition } = await download(answer.body.data.url);
    expect(disposition).toContain('attachment');

    const bobName = (await bob.client.get('/user/current-user')).body.data.userName;
    const match = `'=HYPERLINK("x", "y") vs ${teams[1].teamName}`;
    const betRows = section(rows, 'Bets').map(([bettor, name, , team, stake, outcome, paid]) => [bettor, name, team, stake, outcome, paid]);
    expect(betRows).toEqual(
      expect.arrayContaining([
        [`'${aliceName}`, match, `'=HYPERLINK("x", "y")`, '200', 'won', '300'],
        [bobName, match, teams[1].teamName, '100', 'lost', '0'],
        [bobName, `${teams[1].teamName} vs =HYPERLINK("x", "y")`, teams[1].teamName, '50', 'pending', '0'],
      ]),
    );
    expect(betRows).toHaveLength(3);
    expect(section(rows, 'Team leaderboard')).toEqual([
      ['1', `'=HYPERLINK("x", "y")`, '1'],
      ['2', teams[1].teamName, '0'],
    ]);
    expect(section(rows, 'Bettor leaderboard')).toEqual([
      ['1', `'${aliceName}`, '1', '300'],
      ['2', bobName, '0', '0'],
    ]);
  });

  it('answers 403 to an organiser of another tournament and to a bettor, 404 for an unknown tournament', async () => {
    const ours = await createTournament(operator);
    const theirs = await createTournament(operator);
    const organiser = await verifiedUser();
    const email = (await organiser.client.get('/user/current-user')).body.data.email;
    expect((await operator.post(`/admin/tournaments/${theirs._id}/organisers`, { email })).status).toBeLessThan(300);
    expect((await organiser.client.get(`/admin/tournaments/${ours._id}/export`)).body).toEqual(error(403, MSG.forbidden));
    expect((await organiser.client.get(`/admin/tournaments/${theirs._id}/export`)).status).toBe(200);
    expect((await (await verifiedUser()).client.get(`/admin/tournaments/${ours._id}/export`)).status).toBe(403);
    expect((await operator.get(`/admin/tournaments/${randomUUID()}/export`)).body).toEqual(error(404, MSG.tournamentNotFound));
  });

  it('streams 3,000 bets a page at a time into the file', { timeout: 120_000 }, async () => {
    const tournament = await createTournament(operator);
    const teamIds = [(await createTeam(operator))._id, (await createTeam(operator))._id];
    const eventIds = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => (await operator.post('/admin/events', { tournamentId: tournament._id, time: hoursFromNow(2 + i), teamIds })).body.data._id as string),
    );
    // 300 bettors with a bet on each of the 10 matches, written straight into the table (HTTP would take minutes).
    const { dynamodb, users } = await domainModules();
    const bets = await import('#functions/data/bets.ts');
    const createdAt = new Date().toISOString();
    const bettors = Array.from({ length: 300 }, (_, i) => ({ id: randomUUID(), userName: `Bulk ${i}` }));
    const items = [
      ...bettors.flatMap(({ id, userName }) =>
        users.newUserItems({ id, userName, email: `${id}@test.local`, passwordHash: 'x', role: 'user', verified: true, trophy: 0, createdAt }),
      ),
      ...bettors.flatMap(({ id }) =>
        eventIds.map((eventId, i) =>
          bets.newBetItem({ userId: id, eventId, teamId: teamIds[i % 2], teamName: 'Bulk', amount: 50, betWay: 'coin', status: 'pending', transactionId: randomUUID(), isPaid: false, createdAt, eventVersion: 0, acceptedAt: createdAt }),
        ),
      ),
    ];
    for (let i = 0; i < items.length; i += 100) await dynamodb.transactWrite(items.slice(i, i + 100));

    const functionsEnv = JSON.parse(await readFile(join(inject('dataDir'), 'functions-env.json'), 'utf8'));
    Object.assign(process.env, { AWS_ENDPOINT_URL_S3: functionsEnv.AWS_ENDPOINT_URL_S3, S3_FORCE_PATH_STYLE: functionsEnv.S3_FORCE_PATH_STYLE, AVATAR_BUCKET: functionsEnv.AVATAR_BUCKET });
    const { exportTournament } = await import('#functions/domain/tournament-export.ts');
    const pages: number[] = [];
    const startedAt = Date.now();
    const result = await exportTournament({ userId: 'operator', role: 'operator' }, tournament._id, { pageSize: 100, onPage: (rows) => pages.push(rows) });
    console.log(`[export] 3,000 bets in ${pages.length} pages, ${Date.now() - startedAt} ms`);
    expect(result.bets).toBe(3_000);
    // Never more than a page of bets at once: each page's rows were written before the next page was read.
    expect(Math.max(...pages)).toBeLessThanOrEqual(100);
    expect(pages.length).toBeGreaterThanOrEqual(30);
    const { rows } = await download(result.url);
    expect(section(rows, 'Bets')).toHaveLength(3_000);
    expect(section(rows, 'Bettor leaderboard')).toHaveLength(300);
  });
});
