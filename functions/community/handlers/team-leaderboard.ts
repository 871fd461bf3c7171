import { apiHandler } from '#functions/http/api.ts';
import { teamLeaderboard } from '#functions/community/leaderboards.ts';

export const handler = apiHandler({}, async () => ({ data: await teamLeaderboard() }));
