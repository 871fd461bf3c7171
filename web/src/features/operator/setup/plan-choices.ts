// What the organiser chooses for a tournament's fixtures (which teams in which seed order, the format, the
// calendar as typed, the preview's adjustments), kept by the screen that asks for them. What follows from
// the choices (use-fixture-plan.ts: the fixtures generated and laid onto the calendar by the shared
// generators) and the fields that make them are chunks of their own, loaded after the screen's first paint
// (the first-visit budget, docs/benchmarks.md): the Fixtures screen's planner (fixture-planner.tsx) and the guided
// setup's later steps (setup-later-steps.tsx). The setup keeps the choices across its steps, so going back
// to an earlier step loses none of them.
import { useState, type Dispatch, type SetStateAction } from 'react';
import type { TournamentFormat } from '#shared/api.ts';

/** The calendar as typed: the first day, the day's start times, the rest between a team's matches, venues. */
export type CalendarDraft = { startDate: string; slots: string; minutesBetween: string; venues: string };

/** One adjustment in the preview. */
export type CalendarEdit = { kind: 'move'; matchId: string; startsAt: string } | { kind: 'swap'; matchId: string; otherId: string } | { kind: 'venue'; matchId: string; venue: string };

/** Tomorrow's date in the device's zone, 'YYYY-MM-DD'. */
export function tomorrow(now = new Date()): string {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}`;
}

export const defaultCalendar = (now = new Date()): CalendarDraft => ({ startDate: tomorrow(now), slots: '18:00, 20:00', minutesBetween: '90', venues: '' });

/** The format's name, as the console says it. */
export function formatName(format: TournamentFormat): string {
  if (format.kind === 'league') return format.double ? 'League, double round robin' : 'League, single round robin';
  if (format.kind === 'knockout') return 'Knockout';
  return `${format.groups} groups, then a knockout of the top ${format.advancePerGroup} of each`;
}

/** The preview's adjustments, for the layout they were made on (`key`: the teams, format and calendar). */
export interface KeyedEdits {
  key: string;
  list: CalendarEdit[];
}

export interface PlanChoices {
  /** The seed order the organiser chose (team ids), or null for the roster's order. */
  chosenOrder: string[] | null;
  setChosenOrder: Dispatch<SetStateAction<string[] | null>>;
  /** The roster's teams that do not play. */
  excluded: ReadonlySet<string>;
  setExcluded: Dispatch<SetStateAction<ReadonlySet<string>>>;
  format: TournamentFormat | null;
  setFormat: Dispatch<SetStateAction<TournamentFormat | null>>;
  calendar: CalendarDraft;
  setCalendar: Dispatch<SetStateAction<CalendarDraft>>;
  edits: KeyedEdits;
  setEdits: Dispatch<SetStateAction<KeyedEdits>>;
}

export function usePlanChoices(): PlanChoices {
  const [chosenOrder, setChosenOrder] = useState<string[] | null>(null);
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [format, setFormat] = useState<TournamentFormat | null>(null);
  const [calendar, setCalendar] = useState<CalendarDraft>(() => defaultCalendar());
  const [edits, setEdits] = useState<KeyedEdits>({ key: '', list: [] });
  return { chosenOrder, setChosenOrder, excluded, setExcluded, format, setFormat, calendar, setCalendar, edits, setEdits };
}
