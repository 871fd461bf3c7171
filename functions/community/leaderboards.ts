// The team and bettor leaderboards, each one Query of its index partition (most trophies first). A team
// row also names its tournament, so two 'Kaveri Hostel' teams of two tournaments can be told apart.
import type { LeaderboardRow } from '#shared/api.ts';
import { listTeamsByTrophies } from '#functions/data/teams.ts';
import { listTournaments } from '#functions/data/tournaments.ts';
import { listUsersByTrophies } from '#functions/data/users.ts';

/** Teams by trophies, each with its tournament's title (none for an operator's shared team). */
export async function teamLeaderboard(): Promise<LeaderboardRow[]> {
  // The tournaments are few and share one partition: one Query of them all, beside the board's own.
  const [teams, tournaments] = await Promise.all([listTeamsByTrophies(), listTournaments()]);
  const titles = new Map(tournaments.map((tournament) => [tournament.id, tournament.title]));
  return teams.map(({ teamName, trophy, tournamentId }) => {
    const tournamentTitle = tournamentId === undefined ? undefined : titles.get(tournamentId);
    return { name: teamName, trophy, ...(tournamentTitle !== undefined && { tournamentTitle }) };
  });
}

/** Bettors by user name only: nothing else of the account leaves the server. */
export async function bettorLeaderboard(): Promise<LeaderboardRow[]> {
  return (await listUsersByTrophies()).map(({ userName, trophy }) => ({ name: userName, trophy }));
}
