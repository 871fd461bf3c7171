// GET /admin/tournaments/{id}/export: the server writes the CSV and answers a short-lived download link.
import { apiClient } from '../../../lib/api-client.ts';

export interface TournamentExport {
  url: string;
  expiresAt: string;
  fileName: string;
  bets: number;
}

export const exportTournament = (tournamentId: string) => apiClient.get<TournamentExport>(`/admin/tournaments/${encodeURIComponent(tournamentId)}/export`);
