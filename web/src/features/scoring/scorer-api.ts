// The referee's requests. Not through lib/api-client.ts: the link's secret travels in a header, which
// that client cannot add; and a referee has no session, so no refresh after a 401 (here it means the
// link is dead) and no toast when the network drops (the page keeps the taps and says so itself).
import { API_BASE_PATH, SCORER_TOKEN_HEADER } from '#shared/constants.ts';
import type { ApiEnvelope, ScorerMatch, ScorerView } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { noteAnswer } from '../../lib/offline/connectivity.ts';
import type { EndBody } from './offline-queue.ts';

async function call<T>(secret: string, path: string, body?: object): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}${path}`, {
      method: body ? 'POST' : 'GET',
      // The secret alone says who this is: no cookie of a signed-in session goes with it.
      credentials: 'omit',
      headers: { [SCORER_TOKEN_HEADER]: secret, ...(body && { 'Content-Type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, MSG.connectionFailed);
  }
  noteAnswer(response);
  const envelope = (await response.json().catch(() => null)) as Partial<ApiEnvelope<T>> | null;
  if (!response.ok) throw new ApiError(response.status, envelope?.message || MSG.somethingWentWrong);
  return envelope?.data as T;
}

export const getScorerView = (secret: string) => call<ScorerView>(secret, '/scorer/matches');

export const sendScore = (secret: string, matchId: string, body: { home: number; away: number; takenAt: number }) =>
  call<ScorerMatch>(secret, `/scorer/matches/${encodeURIComponent(matchId)}/score`, body);

export const sendEnd = (secret: string, matchId: string, body: EndBody) => call<ScorerMatch>(secret, `/scorer/matches/${encodeURIComponent(matchId)}/end`, body);
