import { MSG } from '#shared/messages.ts';
import { errorStatus, isApiError } from './api-client.ts';

/**
 * The message a screen shows for a failed call: the spec's message for a known status, the server's own
 * text for throttling (429, it says when to retry), the given fallback otherwise. Null when the server
 * was unreachable, because the client already toasted that.
 */
export function errorMessage(
  error: unknown,
  byStatus: Partial<Record<number, string>>,
  fallback: string = MSG.somethingWentWrong,
): string | null {
  const status = errorStatus(error);
  if (status === 0 && isApiError(error)) return null;
  if (byStatus[status]) return byStatus[status];
  if (status === 429 && isApiError(error)) return error.message;
  return fallback;
}

/** Like errorMessage, but any other refusal shows the server's own message (it names the broken rule). */
export const serverErrorMessage = (error: unknown, byStatus: Partial<Record<number, string>>) =>
  errorMessage(error, byStatus, isApiError(error) ? error.message : MSG.somethingWentWrong);
