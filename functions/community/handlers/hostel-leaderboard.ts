import { hostelLeaderboardQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { hostelLeaderboard } from '#functions/community/hostels.ts';

export const handler = apiHandler({ query: hostelLeaderboardQuerySchema }, async ({ query }) => ({
  data: await hostelLeaderboard(query.tournamentId),
}));
