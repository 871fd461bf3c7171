// The one rule for every name the app stores and shows to others (team names, tournament titles, venues,
// team members, user and group names): stored in Unicode's composed form (NFC), so the same letters are
// the same bytes whichever keyboard typed them; refused when nothing of it can be seen; and compared, where
// a name must be unique (a tournament's teams), by what a reader sees, not by its code points. See
// docs/security.md "Names nobody can fake".

/**
 * Drawn as nothing: white space, the default-ignorable code points (zero-width spaces and joiners, soft
 * hyphens, variation selectors...), other format characters (Cf), the Hangul fillers and the blank Braille
 * pattern.
 */
const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/gu;
/** Drawn as nothing and taking no room: what the comparison drops (a space still parts two words). */
const ZERO_WIDTH = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** A name as stored: composed (NFC; a Mac's paste decomposes accents) and trimmed. */
export const storedName = (name: string) => name.normalize('NFC').trim();

/** Whether anything of the text can be seen once the characters drawn as nothing are taken out. */
export const isVisibleText = (text: string) => text.replace(INVISIBLE, '') !== '';

/**
 * How names are compared: compatibility forms as their plain letters (NFKC: full-width 'Ｌ', ligatures),
 * characters drawn as nothing dropped, runs of white space as one, and case folded ('ß' as 'ss'). Two
 * teams of one tournament with the same key are the same team.
 */
export function nameKey(name: string): string {
  const plain = name.normalize('NFKC').replace(ZERO_WIDTH, '').replace(/\s+/g, ' ').trim();
  return plain.toUpperCase().toLowerCase().normalize('NFKC');
}
