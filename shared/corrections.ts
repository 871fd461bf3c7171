// How long after the original decision an event's result may be corrected: shared by the server, which
// enforces it, and the console, which shows the deadline.
export const CORRECTION_WINDOW_HOURS = 48;
const CORRECTION_WINDOW_MS = CORRECTION_WINDOW_HOURS * 3_600_000;

/** The last moment the result decided at `decidedAt` may be corrected (ISO 8601). */
export const correctionDeadline = (decidedAt: string) => new Date(Date.parse(decidedAt) + CORRECTION_WINDOW_MS).toISOString();
