import { apiHandler } from '#functions/http/api.ts';
import { listTournamentCards } from '#functions/catalog/catalog.ts';

export const handler = apiHandler({}, async () => ({ data: await listTournamentCards() }));
