// POST /admin/tournaments/{id}/fixtures: pasted fixtures, all or none; a match the tournament has already is left as it is.
import type { BulkFixturesResult } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

export interface FixtureToAdd {
  startsAt: string;
  homeTeamId: string;
  awayTeamId: string;
  venue?: string;
}

export const pasteFixtures = (tournamentId: string, fixtures: readonly FixtureToAdd[], openBetting: boolean) =>
  apiClient.post<BulkFixturesResult>(`/admin/tournaments/${encodeURIComponent(tournamentId)}/fixtures`, { fixtures, openBetting });
