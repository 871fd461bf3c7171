// A tournament format's plan, pure: the matches a league, a knockout or groups then a knockout makes of the
// seeded teams (shared/fixture-generation.ts pairs them), each with its key ('R1-M2', 'A-R3-M1'), its stage
// ('Matchday 3', 'Group A · Matchday 1', 'Semi-finals') and, in a knockout, what each side not known yet
// waits for ('Winner of R1-M2', 'Group A winner') and where its winner goes; and why a format cannot be
// made of so many teams. The console previews this plan and the server publishes it again from the same
// format and seeds (functions/catalog/engine/formats.ts), so a match and a side read alike on the preview, the
// published matches, the tournament's bracket and the notices.
import type { TournamentFormat } from './api.ts';
import { FORMAT_TEAMS_MAX } from './constants.ts';
import type { CalendarMatch } from './fixture-calendar.ts';
import { groupsThenKnockout, isByeMatch, knockout, roundRobin, type Bracket, type Round, type Slot, type SlotSide } from './fixture-generation.ts';
import { MSG } from './messages.ts';

/** A match's key in its format: `R<round>-M<n>`, a group's after its group's letter (`A-R1-M3`). */
export const MATCH_KEY_PATTERN = /^(?:[A-Z]-)?R\d{1,3}-M\d{1,3}$/;

export type GroupPlace = { group: string; place: number };

/** A knockout match's place in its bracket, by keys: what each unknown side waits for and where the winner goes. */
export type PlannedBracketPlace = {
  /** 'Winner of R1-M2', 'Group A winner'. */
  awaiting: Partial<Record<SlotSide, string>>;
  /** The key of the match whose winner each unknown side waits for. */
  feeders: Partial<Record<SlotSide, string>>;
  /** The group place each unknown side waits for (groups then knockout). */
  groupPlaces: Partial<Record<SlotSide, GroupPlace>>;
  /** Absent for the final. */
  next?: { key: string; side: SlotSide };
};

/** A match of the plan, before it has a time: `id` is its key, `home` and `away` its teams as far as known. */
export type PlannedMatch = CalendarMatch & {
  /** 'Matchday 3', 'Group A · Matchday 1', 'Quarter-finals', 'Final'. */
  stage: string;
  /** A knockout match's only. */
  bracket?: PlannedBracketPlace;
};

/** What the tournament keeps of its plan to draw it: the knockout's bracket (byes included) and the groups' teams. */
export type FormatStructure = { bracket?: Bracket; groups?: { name: string; teamIds: string[] }[] };

export type PlannedFormat = { matches: PlannedMatch[]; structure: FormatStructure };

/** A knockout side as the plan knows it: its team, or what it waits for. */
export type PlannedSide = { team: string } | { awaiting: string; feeder?: string; groupPlace?: GroupPlace };

const leagueKey = (round: number, index: number, group?: string) => `${group ? `${group}-` : ''}R${round}-M${index + 1}`;

const matchdayStage = (round: number, group?: string) => (group ? `Group ${group} · Matchday ${round}` : `Matchday ${round}`);

const GROUP_MATCHDAY = /^Group [A-Z] · /;

/** A match's stage as its tournament's: any group's matchday is the group stage's ('Group stage · Matchday 1'). */
export const tournamentStage = (stage: string) => stage.replace(GROUP_MATCHDAY, 'Group stage · ');

/** A group's finishing place as a knockout side waiting for it reads it: 'winner', 'runner-up', then '#3'. */
const ordinal = (place: number) => (place === 1 ? 'winner' : place === 2 ? 'runner-up' : `#${place}`);

const groupPlaceLabel = ({ group, place }: GroupPlace) => `Group ${group} ${ordinal(place)}`;

/**
 * A bracket side: its team, or what it waits for in words ('Group A winner', 'Winner of R1-M2'); undefined
 * for a bye. A side fed by a bye's match is that match's one real side: its team goes straight through.
 */
export function plannedSide(bracket: Bracket, slot: Slot): PlannedSide | undefined {
  if ('team' in slot) return { team: slot.team };
  if ('bye' in slot) return undefined;
  if ('groupPlace' in slot) return { awaiting: groupPlaceLabel(slot.groupPlace), groupPlace: slot.groupPlace };
  const feeder = bracket.rounds.flatMap((round) => round.matches).find((match) => match.id === slot.winnerOf);
  if (feeder && 'bye' in feeder.away) return plannedSide(bracket, feeder.home);
  if (feeder && 'bye' in feeder.home) return plannedSide(bracket, feeder.away);
  return { awaiting: `Winner of ${slot.winnerOf}`, feeder: slot.winnerOf };
}

/** The bracket's real matches (a bye is none), in round order, each knowing its sides and where its winner goes. */
function knockoutMatches(bracket: Bracket): PlannedMatch[] {
  return bracket.rounds.flatMap((round) =>
    round.matches
      .filter((match) => !isByeMatch(match))
      .map((match) => {
        const place: PlannedBracketPlace = { awaiting: {}, feeders: {}, groupPlaces: {} };
        const planned: PlannedMatch = { id: match.id, round: round.round, knockout: true, stage: round.name, bracket: place };
        for (const side of ['home', 'away'] as const) {
          const known = plannedSide(bracket, match[side]);
          if (!known) continue;
          if ('team' in known) planned[side] = known.team;
          else {
            place.awaiting[side] = known.awaiting;
            if (known.feeder) place.feeders[side] = known.feeder;
            if (known.groupPlace) place.groupPlaces[side] = known.groupPlace;
          }
        }
        if (match.next) place.next = { key: match.next.matchId, side: match.next.slot };
        return planned;
      }),
  );
}

const leagueMatches = (rounds: readonly Round[], group?: string): PlannedMatch[] =>
  rounds.flatMap(({ round, matches }) =>
    matches.map(({ home, away }, index) => ({ id: leagueKey(round, index, group), round, stage: matchdayStage(round, group), home, away })),
  );

/** Why the format cannot be made of this many teams, or null when it can. */
export function formatProblem(teamCount: number, format: TournamentFormat): string | null {
  if (teamCount < 2) return MSG.formatTooFewTeams;
  if (teamCount > FORMAT_TEAMS_MAX) return MSG.formatTooManyTeams;
  if (format.kind !== 'groups-knockout') return null;
  const { groups, advancePerGroup } = format;
  if (!Number.isInteger(groups) || groups < 1 || teamCount < 2 * groups) return MSG.formatGroupsTooMany;
  if (!Number.isInteger(advancePerGroup) || advancePerGroup < 1 || advancePerGroup > Math.floor(teamCount / groups)) return MSG.formatAdvanceTooMany;
  if (groups * advancePerGroup < 2) return MSG.formatAdvanceTooFew;
  return null;
}

/**
 * The matches of a format made of the seeded teams (best first): a league's `R<round>-M<n>`; a knockout's
 * bracket matches; groups' `<group>-R<round>-M<n>`, then the knockout's. With what the tournament keeps to
 * draw them. Throws a RangeError when formatProblem names one.
 */
export function planFormat(format: TournamentFormat, seededTeamIds: readonly string[]): PlannedFormat {
  const problem = formatProblem(seededTeamIds.length, format);
  if (problem) throw new RangeError(problem);
  if (format.kind === 'league') return { matches: leagueMatches(roundRobin(seededTeamIds, { double: format.double })), structure: {} };
  if (format.kind === 'knockout') {
    const bracket = knockout(seededTeamIds);
    return { matches: knockoutMatches(bracket), structure: { bracket } };
  }
  const { groups, knockout: bracket } = groupsThenKnockout(seededTeamIds, { groups: format.groups, advancePerGroup: format.advancePerGroup });
  return {
    matches: [...groups.flatMap((group) => leagueMatches(group.rounds, group.name)), ...knockoutMatches(bracket)],
    structure: { bracket, groups: groups.map(({ name, teamIds }) => ({ name, teamIds })) },
  };
}
