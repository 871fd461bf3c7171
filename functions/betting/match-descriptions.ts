// A match as messages and notices name it ('Quarter-finals · Match 2 (R2-M2): Godavari v Ganga'), and the
// match a correction put in place of a replaced one.
import { matchLabel } from '#shared/match-names.ts';
import * as events from '#functions/data/events.ts';
import * as teams from '#functions/data/teams.ts';

/** Most replacements followed to the match now played in its place (each correction of a feeder can replace it again). */
const REPLACEMENTS_FOLLOWED = 10;

/** The match played now in place of a replaced one, following its replacements; undefined if none is found. */
export async function currentReplacement(replacementId: string): Promise<events.EventRecord | undefined> {
  let current = await events.getEvent(replacementId, true);
  for (let hop = 1; current?.replacedBy && hop < REPLACEMENTS_FOLLOWED; hop++) current = await events.getEvent(current.replacedBy, true);
  return current;
}

/** 'Final (R2-M1): Ganga v Tapti'; the teams left out while a side is unknown, the name for a match of no format. */
export async function describeMatch(event: events.EventRecord): Promise<string> {
  const byId = events.hasBothTeams(event) ? await teams.getTeams(event.teamIds) : new Map<string, teams.TeamRecord>();
  const names = event.teamIds.flatMap((id) => byId.get(id)?.teamName ?? []);
  const name = matchLabel(event.stage, event.bracket?.key) || 'match';
  return names.length === 2 ? `${name}: ${names.join(' v ')}` : name;
}

/** The match played now in place of a replaced one, with its description; undefined if none is found. */
export async function describeReplacement(replacedBy: string): Promise<{ eventId: string; description: string } | undefined> {
  const replacement = await currentReplacement(replacedBy);
  return replacement && { eventId: replacement.id, description: await describeMatch(replacement) };
}
