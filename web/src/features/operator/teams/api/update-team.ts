// PATCH /admin/teams/{id}: a team's name, rank or members.
import type { AdminTeam } from '#shared/api.ts';
import type { UpdateTeamInput } from '#shared/schemas.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export const updateTeam = (id: string, patch: UpdateTeamInput) => apiClient.patch<AdminTeam>(`/admin/teams/${encodeURIComponent(id)}`, patch);
