// GET /bet/my-bets: the caller's own bets for the event cards (team, stake, what a won bet paid).
import { apiHandler } from '#functions/http/api.ts';
import { cardBets } from '#functions/live/live-cards.ts';

export const handler = apiHandler({}, async ({ caller }) => ({ data: await cardBets(caller.userId) }));
