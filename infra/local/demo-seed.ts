// Demo data for the local cloud: two tournaments with teams and events (open, paused, finished), put
// in ONE transaction of items each put only if absent, so seeding twice changes nothing; then the match
// day at work, through the engine's own functions: a football league mid-season (scores, draws, its
// table, a match being scored live) and a knockout mid-bracket (byes, winners gone through, a semi-final
// open for bets and one being scored live). Every id is derived from a name. The local start calls it
// only when the table is empty.
import { createHash } from 'node:crypto';
import type { EventOutcome, Score } from '#shared/match-results.ts';
import type { Sport } from '#shared/sports.ts';
import { cancellationCodes, transactWrite } from '#functions/platform/dynamodb.ts';
import * as events from '#functions/data/events.ts';
import { gatedTransaction, newEventItem } from '#functions/data/events.ts';
import { newTeamItem } from '#functions/data/teams.ts';
import { newTournamentItem } from '#functions/data/tournaments.ts';
import { newEvent, newTeam, newTournament } from '../../functions/catalog/edits.ts';
import { addTeams } from '../../functions/catalog/bulk-entry.ts';
import { formatEventId, publishFormat } from '../../functions/catalog/engine/formats.ts';
import { decideWithAudit } from '../../functions/settlement/results.ts';
import { settleEvent } from '../../functions/settlement/settling.ts';
import { followResults } from '../../functions/settlement/pool-progress.ts';

/** A stable UUID (v4 layout) for a demo name. */
function demoId(name: string): string {
  const hex = createHash('sha256').update(`demo:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const HOUR_MS = 60 * 60 * 1000;

interface DemoTeam {
  name: string;
  rank: number;
  members: string[];
}

interface DemoEvent {
  teams: [string, string];
  /** Hours from now to the start (negative: in the past). */
  startsInHours: number;
  state: 'open' | 'paused' | { winner: string };
}

interface DemoTournament {
  title: string;
  sport: Sport;
  previewImg: string;
  teams: DemoTeam[];
  events: DemoEvent[];
}

const DEMO: DemoTournament[] = [
  {
    title: 'Hostel Premier League',
    sport: 'cricket',
    previewImg: '/demo/cricket.svg',
    teams: [
      { name: 'Aravali Avengers', rank: 1, members: ['Rohan Mehta', 'Arjun Nair', 'Kabir Singh'] },
      { name: 'Nilgiri Knights', rank: 2, members: ['Ishaan Rao', 'Dev Patel', 'Aditya Iyer'] },
      { name: 'Shivalik Strikers', rank: 3, members: ['Vikram Joshi', 'Nikhil Das', 'Sahil Khan'] },
      { name: 'Vindhya Warriors', rank: 4, members: ['Pranav Gupta', 'Yash Verma', 'Aman Reddy'] },
    ],
    events: [
      { teams: ['Aravali Avengers', 'Nilgiri Knights'], startsInHours: 2, state: 'open' },
      { teams: ['Shivalik Strikers', 'Vindhya Warriors'], startsInHours: 26, state: 'open' },
      { teams: ['Aravali Avengers', 'Vindhya Warriors'], startsInHours: 50, state: 'paused' },
      { teams: ['Nilgiri Knights', 'Shivalik Strikers'], startsInHours: -48, state: { winner: 'Nilgiri Knights' } },
    ],
  },
  {
    title: 'Inter-Hostel Football Cup',
    sport: 'football',
    previewImg: '/demo/football.svg',
    teams: [
      { name: 'Ganga United', rank: 1, members: ['Meera Pillai', 'Ananya Bose', 'Riya Sharma'] },
      { name: 'Yamuna FC', rank: 2, members: ['Tara Kapoor', 'Diya Menon', 'Sneha Kulkarni'] },
      { name: 'Kaveri Rovers', rank: 3, members: ['Farhan Ali', 'Rahul Bhat', 'Karan Malhotra'] },
      { name: 'Narmada City', rank: 4, members: ['Zoya Qureshi', 'Neha Chawla', 'Pooja Hegde'] },
    ],
    events: [
      { teams: ['Ganga United', 'Yamuna FC'], startsInHours: 3, state: 'open' },
      { teams: ['Kaveri Rovers', 'Narmada City'], startsInHours: 27, state: 'open' },
      { teams: ['Ganga United', 'Kaveri Rovers'], startsInHours: -24, state: { winner: 'Ganga United' } },
    ],
  },
];

/** Start times on the next whole hour, so the demo reads like a real fixture list. */
const startTime = (now: Date, hours: number) => new Date(Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS + hours * HOUR_MS).toISOString();

/** Seeds the demo catalogue; false when it was already there. */
export async function seedDemoData(now = new Date()): Promise<boolean> {
  const createdAt = now.toISOString();
  const items = DEMO.flatMap((demo) => {
    const tournament = { ...newTournament({ title: demo.title, previewImg: demo.previewImg, sport: demo.sport }, demoId(demo.title)), createdAt };
    const wins = (team: string) => demo.events.filter((event) => typeof event.state === 'object' && event.state.winner === team).length;
    const teams = demo.teams.map((team) => ({
      ...newTeam({ teamName: team.name, teamRank: team.rank, members: team.members.map((name) => ({ name })) }, demoId(team.name)),
      trophy: wins(team.name),
      createdAt,
    }));
    // A finished demo event is decided and settled (no bets), its winner's trophy counted, as settlement leaves one.
    const events = demo.events.map(({ teams: [a, b], startsInHours, state }) => ({
      ...newEvent({ tournamentId: tournament.id, time: startTime(now, startsInHours), teamIds: [demoId(a), demoId(b)] }, demoId(`${a} v ${b}`)),
      isBetActive: state === 'open',
      ...(typeof state === 'object' && { winnerTeamId: demoId(state.winner), decidedAt: createdAt, teamTrophyAwarded: true, settledAt: createdAt }),
      createdAt,
    }));
    return [newTournamentItem(tournament), ...teams.map(newTeamItem), ...events.map(newEventItem)];
  });
  try {
    // Each new event's betting gates follow it (as an organiser's new match's do).
    await gatedTransaction(items, transactWrite);
  } catch (error) {
    if (cancellationCodes(error)?.includes('ConditionalCheckFailed')) return false;
    throw error;
  }
  await seedMatchDay(now);
  return true;
}

/** A match of a generated demo format: its result (a score, a draw), or its live score, by its key. */
type Played = { key: string; outcome: (home: string, away: string) => EventOutcome } | { key: string; live: Score };

const won = (side: 'home' | 'away', home: number, away: number) => (h: string, a: string): EventOutcome => ({ winnerTeamId: side === 'home' ? h : a, score: { home, away } });
const drawn = (goals: number) => (): EventOutcome => ({ isDraw: true, score: { home: goals, away: goals } });

interface DemoFormat {
  title: string;
  sport: Sport;
  previewImg: string;
  format: { kind: 'league'; double: false } | { kind: 'knockout' };
  teams: string[];
  /** Hours from now of each match's start, in the plan's order. */
  startsInHours: (index: number, key: string) => number;
  venue: (index: number) => string;
  played: Played[];
}

const MATCH_DAY: DemoFormat[] = [
  {
    title: 'Hostel Football League',
    sport: 'football',
    previewImg: '/demo/football.svg',
    format: { kind: 'league', double: false },
    teams: ['Tapti Titans', 'Ganga Gunners', 'Sutlej Sharks', 'Kosi Comets', 'Beas Blazers'],
    // Two matches a day from three days ago: the seventh kicked off half an hour ago.
    // Start times are on the hour after now, so the one being played began an hour before that: always past.
    startsInHours: (index) => [-72, -70, -48, -46, -24, -22, -1, 2, 24, 26][index],
    venue: (index) => `Main ground ${(index % 2) + 1}`,
    played: [
      { key: 'R1-M1', outcome: won('home', 2, 1) },
      { key: 'R1-M2', outcome: drawn(1) },
      { key: 'R2-M1', outcome: won('away', 0, 3) },
      { key: 'R2-M2', outcome: won('home', 4, 2) },
      { key: 'R3-M1', outcome: drawn(0) },
      { key: 'R3-M2', outcome: won('away', 1, 2) },
      { key: 'R4-M1', live: { home: 1, away: 1 } },
    ],
  },
  {
    title: 'Inter-Hostel Basketball Knockout',
    sport: 'basketball',
    previewImg: '/demo/football.svg',
    format: { kind: 'knockout' },
    // Six teams: the first two seeds go straight to the semi-finals (byes).
    teams: ['Mahanadi Mavericks', 'Godavari Giants', 'Krishna Kings', 'Chambal Chargers', 'Periyar Panthers', 'Teesta Tigers'],
    startsInHours: (_index, key) => ({ 'R1-M2': -26, 'R1-M4': -24, 'R2-M1': 20, 'R2-M2': -1 })[key] ?? 48,
    venue: (index) => `Court ${(index % 2) + 1}`,
    played: [
      { key: 'R1-M2', outcome: won('home', 58, 51) },
      { key: 'R1-M4', outcome: won('away', 47, 49) },
      { key: 'R2-M2', live: { home: 21, away: 18 } },
    ],
  },
];

/** The match-day demo, through the engine: teams pasted, a format published, results decided and settled, live scores kept. */
async function seedMatchDay(now: Date): Promise<void> {
  for (const demo of MATCH_DAY) {
    const tournament = { ...newTournament({ title: demo.title, previewImg: demo.previewImg, sport: demo.sport }, demoId(demo.title)), createdAt: now.toISOString() };
    await transactWrite([newTournamentItem(tournament)]);
    const { created } = await addTeams(tournament.id, { teams: demo.teams.map((teamName) => ({ teamName, members: [] })) });
    const byName = new Map(created.map((team) => [team.teamName, team._id]));
    const seeded = demo.teams.map((name) => byName.get(name)!);
    const { planFormat } = await import('#shared/format-plan.ts');
    const keys = planFormat(demo.format, seeded).matches.map((match) => match.id);
    const schedule = Object.fromEntries(keys.map((key, index) => [key, { startsAt: startTime(now, demo.startsInHours(index, key)), venue: demo.venue(index) }]));
    await publishFormat(tournament.id, { format: demo.format, seededTeamIds: seeded, schedule, openBetting: true });
    for (const played of demo.played) {
      const event = await events.getEvent(formatEventId(tournament.id, played.key), true);
      if (!event || !events.hasBothTeams(event)) throw new Error(`demo match ${played.key} of ${demo.title} has no teams`);
      if ('live' in played) {
        await events.setLiveScore(event, played.live, now.toISOString());
        continue;
      }
      await decideWithAudit(event, played.outcome(event.teamIds[0], event.teamIds[1]), now, () => Promise.resolve([]));
      await settleEvent(event.id);
    }
    // The cup pool follows the results, as the settlement worker has it do: the knockout's losers are out.
    await followResults(tournament.id);
  }
}
