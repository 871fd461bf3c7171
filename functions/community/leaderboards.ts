// The team and bettor leaderboards, each one Query of its index partition (most trophies first).
import type { LeaderboardRow } from '#shared/api.ts';
import { listTeamsByTrophies } from '#functions/data/teams.ts';
import { listUsersByTrophies } from '#functions/data/users.ts';

export async function teamLeaderboard(): Promise<LeaderboardRow[]> {
  return (await listTeamsByTrophies()).map(({ teamName, trophy }) => ({ name: teamName, trophy }));
}

/** Bettors by user name only: nothing else of the account leaves the server. */
export async function bettorLeaderboard(): Promise<LeaderboardRow[]> {
  return (await listUsersByTrophies()).map(({ userName, trophy }) => ({ name: userName, trophy }));
}
