// DELETE /admin/teams/{id}: removes a team no match uses (409 with the reason otherwise).
import { apiClient } from '../../../../lib/api-client.ts';

export const removeTeam = (id: string) => apiClient.delete<null>(`/admin/teams/${encodeURIComponent(id)}`);
