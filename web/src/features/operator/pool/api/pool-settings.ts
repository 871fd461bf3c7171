// PUT /admin/tournaments/{id}/pool: when the cup pool closes (a time, or null for its default match),
// closing it now, or calling it off (every stake back).
import type { TournamentPool } from '#shared/api.ts';
import type { PoolSettingsInput } from '#shared/schemas.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export const changePoolSettings = (tournamentId: string, change: PoolSettingsInput) =>
  apiClient.put<TournamentPool>(`/admin/tournaments/${encodeURIComponent(tournamentId)}/pool`, change);
