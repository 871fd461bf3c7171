// What the organiser's export file says: every bet of the tournament's matches whose betting has closed
// (bettor, match, team, stake, outcome, coins paid back; a match still open keeps its bets secret, from
// its organisers too: betsArePublic), then its teams by matches won and its bettors by bets won. Rows are
// written as they are read, a page of one index shard at a time, so memory holds one page and the per-bettor
// totals, never the bets (export-jobs.ts streams them into the file).
import { betsArePublic } from '#shared/match-bets.ts';
import * as bets from '#functions/data/bets.ts';
import * as events from '#functions/data/events.ts';
import * as teams from '#functions/data/teams.ts';
import * as users from '#functions/data/users.ts';

const PAGE_SIZE = 100;

export interface ExportOptions {
  /** Bets read per index page (default 100). */
  pageSize?: number;
  /** Called with each page's row count as it is written (tests: the rows go out in pages). */
  onPage?: (rows: number) => void;
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula: such
 * text gets a leading apostrophe (OWASP's CSV injection advice). Numbers stay numbers.
 */
export const neutraliseFormula = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** What a settled bet paid back: the payout of a win, the stake of a refund, nothing otherwise. */
const paidBack = (bet: bets.BetRecord) => (bet.status === 'won' ? (bet.payout ?? 0) : bet.status === 'refunded' ? bet.amount : 0);


interface BettorTotals {
  won: number;
  paidBack: number;
}

/** Every section of the CSV, in order; the number of bet rows. */
export async function writeExportRows(tournamentId: string, write: (row: (string | number)[]) => Promise<void>, options: ExportOptions): Promise<number> {
  const list = await events.listTournamentEvents(tournamentId);
  const teamsById = await teams.getTeams([...new Set(list.flatMap((event) => event.teamIds))]);
  const teamName = (id: string | undefined) => (id && teamsById.get(id)?.teamName) || '';
  const matchName = (event: events.EventRecord) => `${teamName(event.teamIds[0])} vs ${teamName(event.teamIds[1])}`;
  const bettors = new Map<string, BettorTotals>();
  const names = new Map<string, string>();

  await write(['Bets']);
  await write(['bettor', 'match', 'match time (UTC)', 'team', 'stake', 'outcome', 'coins paid back']);
  let rows = 0;
  const now = new Date();
  for (const event of list) {
    if (!betsArePublic(event, now)) continue;
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
