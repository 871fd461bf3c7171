// POST /admin/tournaments/{id}/teams/bulk: pasted teams, all or none; a name the roster has already is left as it is.
import type { AdminTeam } from '#shared/api.ts';
import type { BulkTeam } from '#shared/bulk-entry.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export const pasteTeams = (tournamentId: string, teams: readonly BulkTeam[]) =>
  apiClient.post<{ created: AdminTeam[]; unchanged: AdminTeam[] }>(`/admin/tournaments/${encodeURIComponent(tournamentId)}/teams/bulk`, { teams });
