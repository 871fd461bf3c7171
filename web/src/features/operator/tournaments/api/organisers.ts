// A tournament's organisers (its operators and organisers): GET/POST /admin/tournaments/{id}/organisers and
// DELETE /admin/tournaments/{id}/organisers/{userId}.
import useSWR, { mutate } from 'swr';
import type { Organiser } from '#shared/api.ts';
import { apiClient } from '../../../../lib/api-client.ts';

const organisersPath = (tournamentId: string) => `/admin/tournaments/${encodeURIComponent(tournamentId)}/organisers`;

export const useOrganisers = (tournamentId: string | null) =>
  useSWR(tournamentId && organisersPath(tournamentId), (path: string) => apiClient.get<Organiser[]>(path));

export async function addOrganiser(tournamentId: string, email: string) {
  const added = await apiClient.post<Organiser>(organisersPath(tournamentId), { email });
  await mutate(organisersPath(tournamentId));
  return added;
}

export async function removeOrganiser(tournamentId: string, userId: string) {
  await apiClient.delete<null>(`${organisersPath(tournamentId)}/${encodeURIComponent(userId)}`);
  await mutate(organisersPath(tournamentId));
}
