// POST /admin/tournaments/{id}/format: the tournament's format, its teams in seed order and each generated
// fixture's time and venue; the server generates the same fixtures and creates them all as matches.
import type { AdminEvent } from '#shared/api.ts';
import type { PublishFormatInput } from '#shared/schemas.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const publishFormat = (tournamentId: string, input: PublishFormatInput) =>
  apiClient.post<{ events: AdminEvent[] }>(`/admin/tournaments/${encodeURIComponent(tournamentId)}/format`, input);
