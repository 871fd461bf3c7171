// How long the live channel waits before reconnecting after a drop.
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * The wait before reconnect attempt `attempt` (0 for the first after a drop): doubling from 1 s up to
 * 30 s, with "equal jitter" (half of it fixed, half random) so clients dropped together by a server
 * restart do not all come back at the same instant, yet no retry is ever immediate.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return ceiling / 2 + (random() * ceiling) / 2;
}
