import { apiHandler } from '#functions/http/api.ts';
import { bettorLeaderboard } from '#functions/community/leaderboards.ts';

export const handler = apiHandler({}, async () => ({ data: await bettorLeaderboard() }));
