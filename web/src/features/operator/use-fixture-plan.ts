// A tournament's fixtures being planned: the organiser's choices (plan-choices.ts: which teams in which seed
// order, the format, the calendar as typed and the preview's adjustments) with everything that follows from
// them (fixture-plan.ts). Changing the teams, format or calendar lays the fixtures out afresh, so adjustments
// made to an older layout are dropped rather than applied to matches they were not meant for.
import { useMemo } from 'react';
import type { Team, TournamentFormat } from '#shared/api.ts';
import { formatDate, formatTimeWithZone } from '#shared/format.ts';
import { formatProblem, planFormat } from '#shared/format-plan.ts';
import { MSG } from '#shared/messages.ts';
import {
  applyEdits,
  describeProblems,
  readCalendar,
  moveTo,
  rankOrder,
  schedule,
  seedOrder,
  shuffled,
  type CalendarEdit,
  type EnteredTeam,
  type CalendarSettings,
  type ProblemLine,
  type ScheduledMatch,
} from './fixture-plan.ts';
import type { CalendarDraft, PlanChoices } from './plan-choices.ts';

/** A match's time as the preview names it: '4 Mar 2030, 18:00 IST'. */
export const whenText = (iso: string) => `${formatDate(iso)}, ${formatTimeWithZone(iso)}`;

export interface FixturePlan {
  /** The roster in seed order, each with whether it plays. */
  teams: { team: Team; included: boolean }[];
  seededTeamIds: string[];
  teamName: (teamId: string) => string;
  toggleTeam: (teamId: string) => void;
  /** Moves a team to a seed (0 first), in one step. */
  moveTeam: (teamId: string, place: number) => void;
  /** Seeds the teams in a random order (a draw). */
  shuffle: () => void;
  /** Seeds by last season's rank, when some team has one (`hasRanks`). */
  orderByRank: () => void;
  hasRanks: boolean;
  /** Whether the seeding is still the order the teams were entered (pasted). */
  asEntered: boolean;
  format: TournamentFormat | null;
  setFormat: (format: TournamentFormat) => void;
  /** Why no fixtures can be made yet: no format, or one these teams cannot make. */
  formatError: string | null;
  calendar: CalendarDraft;
  setCalendar: (calendar: CalendarDraft) => void;
  settings: CalendarSettings | null;
  calendarError: string | null;
  /** The fixtures on the calendar with the adjustments; null until format and calendar are good. */
  matches: ScheduledMatch[] | null;
  problems: ProblemLine[];
  /** A clash that makes the calendar impossible to play: publishing waits until it is fixed. */
  hasBlockingProblem: boolean;
  /** Adds adjustments, in order. */
  edit: (...edits: CalendarEdit[]) => void;
  editCount: number;
  undoEdits: () => void;
}

const NO_EDITS: CalendarEdit[] = [];

/** Keeps the chosen order for the teams it has, and adds any newer roster team in roster order after them. */
function mergeOrder(chosen: readonly string[] | null, roster: readonly EnteredTeam[]): Team[] {
  const inRosterOrder = seedOrder(roster);
  if (!chosen) return inRosterOrder;
  const byId = new Map(roster.map((team) => [team._id, team]));
  const kept = chosen.flatMap((id) => byId.get(id) ?? []);
  const keptIds = new Set(kept.map((team) => team._id));
  return [...kept, ...inRosterOrder.filter((team) => !keptIds.has(team._id))];
}

export function useFixturePlan(roster: readonly EnteredTeam[] | null, choices: PlanChoices): FixturePlan {
  const { chosenOrder, setChosenOrder, excluded, setExcluded, format, setFormat, calendar, setCalendar, edits, setEdits } = choices;

  const ordered = useMemo(() => mergeOrder(chosenOrder, roster ?? []), [chosenOrder, roster]);
  const seededTeamIds = useMemo(() => ordered.filter((team) => !excluded.has(team._id)).map((team) => team._id), [ordered, excluded]);
  const names = useMemo(() => new Map((roster ?? []).map((team) => [team._id, team.teamName])), [roster]);
  const teamName = (teamId: string) => names.get(teamId) ?? 'Unknown team';

  const formatError = format ? formatProblem(seededTeamIds.length, format) : MSG.formatRequired;
  const read = useMemo(() => readCalendar(calendar), [calendar]);
  const settings = 'problem' in read ? null : read;
  const layoutKey = JSON.stringify([seededTeamIds, format, settings]);
  const laidOut = useMemo(
    () => (format && !formatProblem(seededTeamIds.length, format) && settings ? schedule(planFormat(format, seededTeamIds).matches, settings) : null),
    [format, seededTeamIds, settings],
  );
  const activeEdits = edits.key === layoutKey ? edits.list : NO_EDITS;
  const matches = useMemo(() => (laidOut ? applyEdits(laidOut, activeEdits) : null), [laidOut, activeEdits]);
  const problems = useMemo(
    () => (matches && settings ? describeProblems(matches, settings.minutesBetween, (id) => names.get(id) ?? 'Unknown team', whenText) : []),
    [matches, settings, names],
  );

  const ids = ordered.map((team) => team._id);
  const enteredIds = seedOrder(roster ?? []).map((team) => team._id);

  return {
    teams: ordered.map((team) => ({ team, included: !excluded.has(team._id) })),
    seededTeamIds,
    teamName,
    toggleTeam: (teamId) =>
      setExcluded((now) => {
        const next = new Set(now);
        if (!next.delete(teamId)) next.add(teamId);
        return next;
      }),
    moveTeam: (teamId, place) => setChosenOrder(moveTo(ids, teamId, place)),
    shuffle: () => setChosenOrder(shuffled(ids)),
    orderByRank: () => setChosenOrder(rankOrder(ordered).map((team) => team._id)),
    hasRanks: ordered.some((team) => team.teamRank !== null),
    asEntered: ids.join() === enteredIds.join(),
    format,
    setFormat,
    formatError,
    calendar,
    setCalendar,
    settings,
    calendarError: 'problem' in read ? read.problem : null,
    matches,
    problems,
    hasBlockingProblem: problems.some((problem) => problem.blocking),
    edit: (...added) => setEdits((now) => ({ key: layoutKey, list: [...(now.key === layoutKey ? now.list : []), ...added] })),
    editCount: activeEdits.length,
    undoEdits: () => setEdits({ key: layoutKey, list: [] }),
  };
}
