// The organiser export (issue 14 §5) as a job: POST /admin/tournaments/{id}/export starts it (a running one
// is reused) and answers 202 {exportId}; the export worker writes a CSV of every bet and the tournament's
// leaderboards to S3 as it reads them; GET …/export/{exportId} answers the job's state and, once ready, a
// short-lived download link. The cells a spreadsheet would run as formulas are neutralised; 3,000 bets
// go out a page at a time; a message delivered again after a worker died mid-file gives one file.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Context, SQSEvent } from 'aws-lambda';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ExportJob } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { coinBet, createEvent, createTeam, createTournament, domainModules, hoursFromNow, operatorClient } from './game-flows.ts';
import { waitFor, waitUntilSettled } from './settlement-flows.ts';

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

const error = (statusCode: number, message: string) => ({ statusCode, message, success: false });

/** Starts an export through the API and polls until the worker has written it: the ready job. */
async function exportThroughApi(client: ApiClient, tournamentId: string): Promise<ExportJob> {
  const started = await client.post(`/admin/tournaments/${tournamentId}/export`);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body).toMatchObject({ message: MSG.exportStarted, data: { exportId: expect.any(String) } });
  const answer = await waitFor(
    () => client.get(`/admin/tournaments/${tournamentId}/export/${started.body.data.exportId}`),
    (res) => res.status !== 200 || res.body.data.status !== 'pending',
    60_000,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.message).toBe(MSG.exportReady);
  return answer.body.data;
}

/** The export domain, data module and worker in this process, with the functions' S3 settings. */
async function exportModules() {
  await domainModules();
  const functionsEnv = JSON.parse(await readFile(join(inject('dataDir'), 'functions-env.json'), 'utf8'));
  Object.assign(process.env, { AWS_ENDPOINT_URL_S3: functionsEnv.AWS_ENDPOINT_URL_S3, S3_FORCE_PATH_STYLE: functionsEnv.S3_FORCE_PATH_STYLE, AVATAR_BUCKET: functionsEnv.AVATAR_BUCKET });
  const [domain, jobs, worker, { s3 }] = await Promise.all([
    import('#functions/exports/export-jobs.ts'),
    import('#functions/data/exports.ts'),
    import('#functions/exports/handlers/export-tournament.ts'),
    import('#functions/platform/s3.ts'),
  ]);
  /** The S3 keys of the tournament's export files. */
  const files = async (tournamentId: string) =>
    ((await s3().send(new ListObjectsV2Command({ Bucket: process.env.AVATAR_BUCKET, Prefix: `exports/${tournamentId}/` }))).Contents ?? []).map((o) => o.Key);
  return { domain, jobs, worker, files };
}

const OPERATOR_ACTOR = { userId: 'operator', role: 'operator' } as const;
const workerContext = { awsRequestId: 'export-test', functionName: 'test', getRemainingTimeInMillis: () => 120_000 } as unknown as Context;
/** One SQS delivery of an export message, as the queue makes it. */
const delivery = (body: object, receiveCount: number): SQSEvent =>
  ({ Records: [{ messageId: randomUUID(), body: JSON.stringify(body), attributes: { ApproximateReceiveCount: String(receiveCount) } }] }) as unknown as SQSEvent;

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

describe('the organiser export job', () => {
  it('writes a CSV of every bet on the matches started or decided (none of a match still open) and both leaderboards, formulas neutralised, and answers its download link once ready', async () => {
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
    // A second match still open: its bet stays secret, from the organisers too, until the match starts.
    const { _id: laterId } = (await operator.post('/admin/events', { tournamentId, time: hoursFromNow(3), teamIds: [teams[1]._id, teams[0]._id] })).body.data;
    expect((await bob.client.post('/bet/create-new', { eventId: laterId, teamId: teams[1]._id, betWay: 'coin', amount: 50 })).status).toBe(201);
    const whileOpen = await exportThroughApi(operator, tournamentId);
    expect(whileOpen).toMatchObject({ status: 'ready', rows: 2 });
    expect(section((await download(whileOpen.url!)).rows, 'Bets').map((row) => row[1])).not.toContain(`${teams[1].teamName} vs =HYPERLINK("x", "y")`);
    // Started (its time has passed): its bet is listed, pending.
    expect((await operator.patch(`/admin/events/${laterId}`, { time: hoursFromNow(-1) })).status).toBe(200);

    const job = await exportThroughApi(operator, tournamentId);
    expect(job).toMatchObject({ status: 'ready', rows: 3, fileName: expect.stringMatching(/\.csv$/), finishedAt: expect.any(String) });
    const { rows, disposition } = await download(job.url!);
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

  it('answers 403 to an organiser of another tournament and to a bettor, 404 for an unknown tournament or export', async () => {
    const ours = await createTournament(operator);
    const theirs = await createTournament(operator);
    const organiser = await verifiedUser();
    const email = (await organiser.client.get('/user/current-user')).body.data.email;
    expect((await operator.post(`/admin/tournaments/${theirs._id}/organisers`, { email })).status).toBeLessThan(300);
    expect((await organiser.client.post(`/admin/tournaments/${ours._id}/export`)).body).toEqual(error(403, MSG.forbidden));
    const theirExport = await exportThroughApi(organiser.client, theirs._id);
    const ourExport = await exportThroughApi(operator, ours._id);
    // Another tournament's job, read through a tournament one organises or under its own: refused.
    expect((await organiser.client.get(`/admin/tournaments/${ours._id}/export/${ourExport.exportId}`)).body).toEqual(error(403, MSG.forbidden));
    expect((await organiser.client.get(`/admin/tournaments/${theirs._id}/export/${ourExport.exportId}`)).body).toEqual(error(404, MSG.exportNotFound));
    const bettor = (await verifiedUser()).client;
    expect((await bettor.post(`/admin/tournaments/${theirs._id}/export`)).status).toBe(403);
    expect((await bettor.get(`/admin/tournaments/${theirs._id}/export/${theirExport.exportId}`)).status).toBe(403);
    expect((await operator.post(`/admin/tournaments/${randomUUID()}/export`)).body).toEqual(error(404, MSG.tournamentNotFound));
    expect((await operator.get(`/admin/tournaments/${ours._id}/export/not-an-id`)).status).toBe(400);
  });

  it('reuses the running export of a tournament, and starts a new one once it ended', async () => {
    const { jobs } = await exportModules();
    const tournamentId = randomUUID();
    const job = () => ({ exportId: randomUUID(), tournamentId, requestedBy: 'operator', startedAt: new Date().toISOString() });
    const first = await jobs.startJob(job());
    expect(first.reused).toBe(false);
    expect(await jobs.startJob(job())).toEqual({ exportId: first.exportId, reused: true });
    expect(await jobs.finishJob(tournamentId, first.exportId, { status: 'failed' }, new Date().toISOString())).toBe(true);
    const next = await jobs.startJob(job());
    expect(next.reused).toBe(false);
    expect(next.exportId).not.toBe(first.exportId);
    // A running export lost for over an hour is replaced.
    const later = { ...job(), startedAt: new Date(Date.now() + (jobs.RUNNING_EXPORT_STALE_SECONDS + 1) * 1000).toISOString() };
    expect(await jobs.startJob(later)).toEqual({ exportId: later.exportId, reused: false });
  });

  it('survives a worker retry: a message delivered again after the worker died mid-file, and once more, gives one file', async () => {
    const { domain, jobs, worker, files } = await exportModules();
    const { event, teams, tournamentId } = await createEvent(operator);
    const bettor = await verifiedUser();
    expect((await bettor.client.post('/bet/create-new', { ...coinBet(event, 100), teamId: teams[0]._id })).status).toBe(201);
    // Started: the export lists its bet.
    expect((await operator.patch(`/admin/events/${event._id}`, { time: hoursFromNow(-1) })).status).toBe(200);
    // A job whose message was not queued: the test plays the queue's deliveries.
    const { exportId } = await jobs.startJob({ exportId: randomUUID(), tournamentId, requestedBy: 'operator', startedAt: new Date().toISOString() });
    // The first delivery's worker dies while writing (its multipart upload is aborted).
    const died = domain.runExport(tournamentId, exportId, {
      onPage: () => {
        throw new Error('worker killed');
      },
    });
    await expect(died).rejects.toThrow('worker killed');
    expect((await jobs.getJob(tournamentId, exportId))?.status).toBe('pending');
    expect(await files(tournamentId)).toEqual([]);

    const message = { tournamentId, exportId };
    expect(await worker.handler(delivery(message, 2), workerContext)).toEqual({ batchItemFailures: [] });
    const ready = await jobs.getJob(tournamentId, exportId);
    expect(ready).toMatchObject({ status: 'ready', rows: 1 });
    // Delivered once more (SQS delivers at least once): the job and its one file stay as they are.
    expect(await worker.handler(delivery(message, 1), workerContext)).toEqual({ batchItemFailures: [] });
    expect(await jobs.getJob(tournamentId, exportId)).toEqual(ready);
    expect(await files(tournamentId)).toEqual([domain.exportKey(tournamentId, exportId)]);
    const state = await domain.exportState(OPERATOR_ACTOR, tournamentId, exportId);
    expect(section((await download(state.url!)).rows, 'Bets')).toHaveLength(1);
    // The running item went with the job: the next start is a new export.
    expect((await jobs.startJob({ exportId: randomUUID(), tournamentId, requestedBy: 'operator', startedAt: new Date().toISOString() })).reused).toBe(false);
  });

  it('fails a job whose tournament is gone at once, so the console stops waiting', async () => {
    const { jobs, worker } = await exportModules();
    const tournamentId = randomUUID();
    // The tournament is gone: a job that cannot be written is failed at once, not retried.
    const { exportId } = await jobs.startJob({ exportId: randomUUID(), tournamentId, requestedBy: 'operator', startedAt: new Date().toISOString() });
    expect(await worker.handler(delivery({ tournamentId, exportId }, 1), workerContext)).toEqual({ batchItemFailures: [] });
    expect(await jobs.getJob(tournamentId, exportId)).toMatchObject({ status: 'failed', finishedAt: expect.any(String) });
  });

  it('streams 3,000 bets a page at a time into the file', { timeout: 120_000 }, async () => {
    const tournament = await createTournament(operator);
    const teamIds = [(await createTeam(operator))._id, (await createTeam(operator))._id];
    const eventIds = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => (await operator.post('/admin/events', { tournamentId: tournament._id, time: hoursFromNow(-2 - i), teamIds })).body.data._id as string),
    );
    // 300 bettors with a bet on each of the 10 matches, written straight into the table (HTTP would take minutes).
    const { dynamodb, users } = await domainModules();
    const bets = await import('#functions/data/bets.ts');
    const createdAt = new Date().toISOString();
    const bettors = Array.from({ length: 300 }, (_, i) => ({ id: randomUUID(), userName: `Bulk ${i}` }));
    const items = [
      ...bettors.flatMap(({ id, userName }) =>
        users.newUserItems({ id, userName, email: `${id.slice(0, 13)}@test.local`, passwordHash: 'x', role: 'user', verified: true, trophy: 0, createdAt }),
      ),
      ...bettors.flatMap(({ id }) =>
        eventIds.map((eventId, i) =>
          bets.newBetItem({ userId: id, eventId, teamId: teamIds[i % 2], teamName: 'Bulk', amount: 50, betWay: 'coin', status: 'pending', transactionId: randomUUID(), isPaid: false, createdAt, eventVersion: 0 }),
        ),
      ),
    ];
    for (let i = 0; i < items.length; i += 100) await dynamodb.transactWrite(items.slice(i, i + 100));

    // The worker's part, run here to watch its pages.
    const { domain, jobs } = await exportModules();
    const { exportId } = await jobs.startJob({ exportId: randomUUID(), tournamentId: tournament._id, requestedBy: 'operator', startedAt: new Date().toISOString() });
    const pages: number[] = [];
    const startedAt = Date.now();
    const result = await domain.runExport(tournament._id, exportId, { pageSize: 100, onPage: (rows) => pages.push(rows) });
    console.log(`[export] 3,000 bets in ${pages.length} pages, ${Date.now() - startedAt} ms`);
    expect(result).toEqual({ status: 'ready', rows: 3_000 });
    // Never more than a page of bets at once: each page's rows were written before the next page was read.
    expect(Math.max(...pages)).toBeLessThanOrEqual(100);
    expect(pages.length).toBeGreaterThanOrEqual(30);
    const state = await domain.exportState(OPERATOR_ACTOR, tournament._id, exportId);
    expect(state).toMatchObject({ status: 'ready', rows: 3_000 });
    const { rows } = await download(state.url!);
    expect(section(rows, 'Bets')).toHaveLength(3_000);
    expect(section(rows, 'Bettor leaderboard')).toHaveLength(300);
  });
});
