// POST /admin/tournaments: a new tournament with its title and preview image.
import type { AdminTournament } from '#shared/api.ts';
import type { CreateTournamentInput } from '#shared/schemas.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export const createTournament = (input: CreateTournamentInput) => apiClient.post<AdminTournament>('/admin/tournaments', input);
