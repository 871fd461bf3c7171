// What the console's catalogue forms turn their text fields into, before the server validates them.

/** Member names typed one per comma (or line): blanks dropped, spaces trimmed. */
export const parseMembers = (text: string) =>
  text
    .split(/[,\n]/)
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => ({ name }));

export const membersText = (members: readonly { name: string }[]) => members.map((member) => member.name).join(', ');

/** A rank field: empty means no rank; anything else goes to the server as a number (it checks the rules). */
export const parseRank = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/**
 * A datetime-local value read as UTC (every time in the app is shown in UTC), as ISO 8601; null when
 * the field is empty or incomplete.
 */
export function utcInputToIso(value: string): string | null {
  const time = new Date(`${value}:00Z`);
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && !Number.isNaN(time.getTime()) ? time.toISOString() : null;
}

/** The other way: an ISO time as a datetime-local value in UTC. */
export const isoToUtcInput = (iso: string) => iso.slice(0, 16);
