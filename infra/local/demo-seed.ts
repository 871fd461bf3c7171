// Demo data for the local cloud: two tournaments with teams and events (open, paused, finished).
// Every id is derived from a name and every item is put only if absent, in ONE transaction, so
// seeding twice changes nothing. The local start calls it only when the table is empty.
import { createHash } from 'node:crypto';
import { cancellationCodes, transactWrite } from '#functions/platform/dynamodb.ts';
import { newEventItem } from '#functions/data/events.ts';
import { newTeamItem } from '#functions/data/teams.ts';
import { newTournamentItem } from '#functions/data/tournaments.ts';
import { newEvent, newTeam, newTournament } from '../../functions/catalog/edits.ts';

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
  previewImg: string;
  teams: DemoTeam[];
  events: DemoEvent[];
}

const DEMO: DemoTournament[] = [
  {
    title: 'Hostel Premier League',
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
    const tournament = { ...newTournament({ title: demo.title, previewImg: demo.previewImg }, demoId(demo.title)), createdAt };
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
    await transactWrite(items);
    return true;
  } catch (error) {
    if (cancellationCodes(error)?.includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}
