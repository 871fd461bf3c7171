// The organiser's export of a tournament: one CSV with every bet (bettor, match, team, stake, outcome,
// coins paid back) and the tournament's leaderboards (its teams by matches won, its bettors by bets
// won). It is a job: the organiser starts it (a running one is reused), the export worker writes the
// file, and the organiser polls its state, which once ready carries a short-lived presigned link. The
// worker streams: bets are read a page of one index shard at a time and each page's rows go straight
// into a multipart upload to S3, so memory holds one page and the per-bettor totals, never the bets.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { stringify } from 'csv-stringify';
import type { ExportJob } from '#shared/api.ts';
import { EXPORT_LINK_SECONDS, EXPORT_PREFIX } from '#shared/tournament-export.ts';
import { config } from '#functions/platform/config.ts';
import { queueExport } from '#functions/platform/queue.ts';
import { s3 } from '#functions/platform/s3.ts';
import * as bets from '#functions/data/bets.ts';
import * as events from '#functions/data/events.ts';
import * as exportJobs from '#functions/data/exports.ts';
import * as teams from '#functions/data/teams.ts';
import * as tournaments from '#functions/data/tournaments.ts';
import * as users from '#functions/data/users.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { type Actor, authoriseTournament } from '#functions/catalog/organisers.ts';

const PAGE_SIZE = 100;

export interface ExportOptions {
  /** Bets read per index page (default 100). */
  pageSize?: number;
  /** Called with each page's row count as it is written (tests: the rows go out in pages). */
  onPage?: (rows: number) => void;
}

/**
 * Starts an export of the tournament, or answers the one already running (queued again: a lost message
 * is repaired by starting again, and the worker writes one file per job). Operators, or its organisers.
 */
export async function startExport(actor: Actor, tournamentId: string): Promise<{ exportId: string }> {
  await authoriseTournament(actor, tournamentId);
  if (!(await tournaments.getTournament(tournamentId))) throw new DomainError('tournament-not-found');
  const { exportId } = await exportJobs.startJob({ exportId: randomUUID(), tournamentId, requestedBy: actor.userId, startedAt: new Date().toISOString() });
  await queueExport({ tournamentId, exportId });
  return { exportId };
}

/** An export job's state; once ready, a fresh presigned link to its file. Operators, or the tournament's organisers. */
export async function exportState(actor: Actor, tournamentId: string, exportId: string): Promise<ExportJob> {
  await authoriseTournament(actor, tournamentId);
  const job = await exportJobs.getJob(tournamentId, exportId);
  if (!job) throw new DomainError('export-not-found');
  const state: ExportJob = { exportId, status: job.status, startedAt: job.startedAt, finishedAt: job.finishedAt, rows: job.rows };
  if (job.status !== 'ready' || !job.key || !job.fileName) return state;
  const url = await getSignedUrl(
    s3(),
    new GetObjectCommand({ Bucket: config().avatarBucket, Key: job.key, ResponseContentDisposition: `attachment; filename="${job.fileName}"`, ResponseContentType: 'text/csv; charset=utf-8' }),
    { expiresIn: EXPORT_LINK_SECONDS },
  );
  return { ...state, url, fileName: job.fileName, expiresAt: new Date(Date.now() + EXPORT_LINK_SECONDS * 1000).toISOString() };
}

/** Where a job's file goes: one key per job, so a redelivered message rewrites the same file. */
export const exportKey = (tournamentId: string, exportId: string) => `${EXPORT_PREFIX}${tournamentId}/${exportId}.csv`;

/**
 * The worker's part: writes the job's CSV and marks it ready. A job already ended (a message delivered
 * again) is left as it is; a tournament gone marks it failed.
 */
export async function runExport(tournamentId: string, exportId: string, options: ExportOptions = {}): Promise<{ status: exportJobs.ExportStatus; rows?: number }> {
  const job = await exportJobs.getJob(tournamentId, exportId);
  if (!job) return { status: 'failed' };
  if (job.status !== 'pending') {
    // Its running item may outlive it (the worker stopped between the two writes).
    await exportJobs.clearRunning(tournamentId, exportId);
    return { status: job.status, rows: job.rows };
  }
  const tournament = await tournaments.getTournament(tournamentId);
  if (!tournament) {
    await failExport(tournamentId, exportId);
    return { status: 'failed' };
  }
  const key = exportKey(tournamentId, exportId);
  const rows = await writeCsv(tournamentId, key, options);
  const fileName = `${tournament.title.replace(/[^\w -]+/g, '').trim().replace(/\s+/g, '-') || 'tournament'}-bets.csv`;
  await exportJobs.finishJob(tournamentId, exportId, { status: 'ready', rows, key, fileName }, new Date().toISOString());
  return { status: 'ready', rows };
}

/** Marks the job failed (its worker gave up), so the console stops waiting and a new start runs afresh. */
export async function failExport(tournamentId: string, exportId: string): Promise<void> {
  await exportJobs.finishJob(tournamentId, exportId, { status: 'failed' }, new Date().toISOString());
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula: such
 * text gets a leading apostrophe (OWASP's CSV injection advice). Numbers stay numbers.
 */
export const neutraliseFormula = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** What a settled bet paid back: the payout of a win, the stake of a refund, nothing otherwise. */
const paidBack = (bet: bets.BetRecord) => (bet.status === 'won' ? (bet.payout ?? 0) : bet.status === 'refunded' ? bet.amount : 0);

/** Streams the tournament's CSV into a multipart upload at `key`; the number of bet rows. */
async function writeCsv(tournamentId: string, key: string, options: ExportOptions): Promise<number> {
  const csv = stringify({ cast: { string: neutraliseFormula } });
  const body = new PassThrough();
  csv.pipe(body);
  const upload = new Upload({ client: s3(), params: { Bucket: config().avatarBucket, Key: key, Body: body, ContentType: 'text/csv; charset=utf-8' }, queueSize: 1 });
  const uploaded = upload.done();
  // Rows wait for the upload to take them (backpressure), so a slow upload never piles rows up in memory.
  const write = async (row: (string | number)[]) => {
    if (!csv.write(row)) await once(csv, 'drain');
  };
  try {
    const rows = await writeRows(tournamentId, write, options);
    csv.end();
    await uploaded;
    return rows;
  } catch (error) {
    csv.destroy();
    // The aborted upload's own promise rejects too: settled here, so the failure is reported once.
    await Promise.allSettled([upload.abort(), uploaded]);
    throw error;
  }
}

interface BettorTotals {
  won: number;
  paidBack: number;
}

/** Every section of the CSV, in order; the number of bet rows. */
async function writeRows(tournamentId: string, write: (row: (string | number)[]) => Promise<void>, options: ExportOptions): Promise<number> {
  const list = await events.listTournamentEvents(tournamentId);
  const teamsById = await teams.getTeams([...new Set(list.flatMap((event) => event.teamIds))]);
  const teamName = (id: string | undefined) => (id && teamsById.get(id)?.teamName) || '';
  const matchName = (event: events.EventRecord) => `${teamName(event.teamIds[0])} vs ${teamName(event.teamIds[1])}`;
  const bettors = new Map<string, BettorTotals>();
  const names = new Map<string, string>();

  await write(['Bets']);
  await write(['bettor', 'match', 'match time (UTC)', 'team', 'stake', 'outcome', 'coins paid back']);
  let rows = 0;
  for (const event of list) {
    for await (const page of eventBetPages(event.id, options.pageSize ?? PAGE_SIZE)) {
      const missing = [...new Set(page.map((bet) => bet.userId))].filter((id) => !names.has(id));
      for (const [id, user] of await users.getUsers(missing)) names.set(id, user.userName);
      for (const bet of page) {
        await write([names.get(bet.userId) ?? '(deleted account)', matchName(event), event.time, bet.teamName, bet.amount, bet.status, paidBack(bet)]);
        const totals = bettors.get(bet.userId) ?? { won: 0, paidBack: 0 };
        if (bet.status === 'won') totals.won++;
        totals.paidBack += paidBack(bet);
        bettors.set(bet.userId, totals);
      }
      rows += page.length;
      options.onPage?.(page.length);
    }
  }

  // The teams by matches won in this tournament (a corrected result counts as corrected).
  const wins = new Map<string, number>([...teamsById.keys()].map((id) => [id, 0]));
  for (const event of list) if (event.winnerTeamId) wins.set(event.winnerTeamId, (wins.get(event.winnerTeamId) ?? 0) + 1);
  await write([]);
  await write(['Team leaderboard']);
  await write(['rank', 'team', 'matches won']);
  for (const [rank, [id, won]] of ranked(wins, (won) => won)) await write([rank, teamName(id), won]);

  await write([]);
  await write(['Bettor leaderboard']);
  await write(['rank', 'bettor', 'bets won', 'coins paid back']);
  for (const [rank, [id, totals]] of ranked(bettors, (t) => t.won * 1e12 + t.paidBack)) await write([rank, names.get(id) ?? '(deleted account)', totals.won, totals.paidBack]);
  return rows;
}

/** Entries by score, highest first, with their place (ties share it: 1, 1, 3). */
function ranked<T>(map: Map<string, T>, score: (value: T) => number): [number, [string, T]][] {
  const sorted = [...map].sort((a, b) => score(b[1]) - score(a[1]));
  let place = 0;
  return sorted.map((entry, i) => {
    if (i === 0 || score(entry[1]) !== score(sorted[i - 1][1])) place = i + 1;
    return [place, entry];
  });
}

/**
 * An event's bets a page at a time: each shard's unsettled bets, then its settled ones. A bet settled
 * between the two reads would show twice: the unsettled ones already written are skipped (their ids
 * are the only thing kept, and only for the shard being read).
 */
async function* eventBetPages(eventId: string, pageSize: number): AsyncGenerator<bets.BetRecord[]> {
  for (let shard = 0; shard < bets.BET_INDEX_SHARDS; shard++) {
    const seen = new Set<string>();
    for (const list of [bets.listUnsettledBetsPage, bets.listSettledBetsPage]) {
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await list(eventId, shard, pageSize, startKey);
        const fresh = page.bets.filter((bet) => !seen.has(bet.userId));
        if (list === bets.listUnsettledBetsPage) fresh.forEach((bet) => seen.add(bet.userId));
        if (fresh.length > 0) yield fresh;
        startKey = page.nextKey;
      } while (startKey);
    }
  }
}
