// A tournament's scorer links: GET/POST /admin/tournaments/{id}/scorer-links (newest first, revoked and
// expired ones included) and DELETE /admin/tournaments/{id}/scorer-links/{linkId} (it stops working).
import useSWR, { mutate, type SWRResponse } from 'swr';
import type { ScorerLink } from '#shared/api.ts';
import type { CreateScorerLinkInput } from '#shared/schemas.ts';
import { apiClient } from '../../../../lib/api-client.ts';

const linksPath = (tournamentId: string) => `/admin/tournaments/${encodeURIComponent(tournamentId)}/scorer-links`;

export const useScorerLinks = (tournamentId: string): SWRResponse<ScorerLink[], unknown> =>
  useSWR(linksPath(tournamentId), (path: string) => apiClient.get<ScorerLink[]>(path), { shouldRetryOnError: false });

export async function createScorerLink(tournamentId: string, input: CreateScorerLinkInput): Promise<ScorerLink> {
  const made = await apiClient.post<ScorerLink>(linksPath(tournamentId), input);
  await mutate(linksPath(tournamentId));
  return made;
}

export async function revokeScorerLink(tournamentId: string, linkId: string): Promise<ScorerLink> {
  const revoked = await apiClient.delete<ScorerLink>(`${linksPath(tournamentId)}/${encodeURIComponent(linkId)}`);
  await mutate(linksPath(tournamentId));
  return revoked;
}
