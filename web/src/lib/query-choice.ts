/** A query value as one of the allowed choices, or null when it is missing or unknown (pages then redirect). */
export const queryChoice = <Choice extends string>(choices: readonly Choice[], value: string | null): Choice | null =>
  choices.find((choice) => choice === value) ?? null;
