// POST /admin/teams: a new team with its rank and members.
import type { AdminTeam } from '#shared/api.ts';
import type { CreateTeamInput } from '#shared/schemas.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export const createTeam = (input: CreateTeamInput) => apiClient.post<AdminTeam>('/admin/teams', input);
