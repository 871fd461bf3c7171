// PUT /admin/users/{id}/tournament-creator (operators): allows a user to create tournaments, or stops it.
import { mutate } from 'swr';
import { apiClient } from '../../../../lib/api-client.ts';
import { userSearchKey } from '../../people/api/find-users.ts';

export async function setTournamentCreator(userId: string, allowed: boolean, query: string) {
  const answer = await apiClient.put<{ mayCreateTournaments: boolean }>(`/admin/users/${encodeURIComponent(userId)}/tournament-creator`, { allowed });
  await mutate(userSearchKey(query));
  return answer;
}
