// POST /admin/tournaments: a new tournament with its title, preview image, sport and (when not the usual ones) table points.
import type { AdminTournament } from '#shared/api.ts';
import type { CreateTournamentInput } from '#shared/schemas.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export const createTournament = (input: CreateTournamentInput) => apiClient.post<AdminTournament>('/admin/tournaments', input);
