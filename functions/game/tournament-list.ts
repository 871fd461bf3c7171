import { apiHandler } from '#functions/lib/api.ts';
import { listTournamentCards } from '#functions/domain/catalog.ts';

export const handler = apiHandler({}, async () => ({ data: await listTournamentCards() }));
