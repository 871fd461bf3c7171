// PATCH /admin/tournaments/{id}: a new title, preview image, sport and/or table points.
import type { AdminTournament } from '#shared/api.ts';
import type { UpdateTournamentInput } from '#shared/schemas.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export const updateTournament = (id: string, patch: UpdateTournamentInput) =>
  apiClient.patch<AdminTournament>(`/admin/tournaments/${encodeURIComponent(id)}`, patch);
