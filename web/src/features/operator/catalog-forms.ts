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
