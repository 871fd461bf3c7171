// What a match is called wherever an organiser or a bettor meets it (the console, the bracket, notices):
// its stage and its place in the round, 'Round of 16 · Match 2', beside its key in the format ('R1-M2').

/** The number of a match within its round, from its key ('R1-M2', 'A-R3-M1'); undefined for a match of no format. */
export function matchNumber(key: string | undefined): number | undefined {
  const found = key?.match(/(?:^|-)R\d+-M(\d+)$/);
  return found ? Number(found[1]) : undefined;
}

/** 'Round of 16 · Match 2 (R1-M2)': the name with the key the bracket and 'Winner of R1-M2' use; '' for a match of no format. */
export function matchLabel(stage: string | undefined, key: string | undefined): string {
  const name = matchName(stage, key);
  return name && key ? `${name} (${key})` : name;
}

/**
 * 'Round of 16 · Match 2' for a generated match (its stage, and its number in the round when the stage
 * holds more than one match: a final is just 'Final'); the stage alone, or '' for a match of no format.
 */
export function matchName(stage: string | undefined, key: string | undefined): string {
  if (!stage) return '';
  const number = matchNumber(key);
  const single = stage === 'Final' || stage === 'Third place';
  return number === undefined || single ? stage : `${stage} · Match ${number}`;
}
