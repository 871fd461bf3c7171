import { hostelLeaderboardQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { hostelLeaderboard } from '#functions/domain/hostels.ts';

export const handler = apiHandler({ query: hostelLeaderboardQuerySchema }, async ({ query }) => ({
  data: await hostelLeaderboard(query.tournamentId),
}));
