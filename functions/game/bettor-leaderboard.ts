import { apiHandler } from '#functions/lib/api.ts';
import { bettorLeaderboard } from '#functions/domain/leaderboards.ts';

export const handler = apiHandler({}, async () => ({ data: await bettorLeaderboard() }));
