import { apiHandler } from '#functions/lib/api.ts';
import { teamLeaderboard } from '#functions/domain/leaderboards.ts';

export const handler = apiHandler({}, async () => ({ data: await teamLeaderboard() }));
