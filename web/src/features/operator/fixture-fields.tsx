// The Fixtures screen's inputs (and the guided setup's): which teams play in which seed order, the format,
// and the calendar the fixtures are laid onto.
import { useId, useState } from 'react';
import type { TournamentFormat } from '#shared/api.ts';
import { formatZoneName } from '#shared/format.ts';
import { formatProblem, planFormat } from '#shared/format-plan.ts';
import { TIE_BREAK_TEXT } from '#shared/standings.ts';
import { Button } from '../../components/button.tsx';
import { FormError, SelectField, TextField } from '../../components/text-field.tsx';
import type { FixturePlan } from './use-fixture-plan.ts';
import './fixtures.css';

/**
 * The teams that play, best first: the order they were pasted until the organiser changes it, shown open
 * and said to be the seeding. Each team moves to any seed in one step (its seed's select), or the whole
 * list is drawn at random or put in last season's rank order.
 */
export function SeedingList({ plan }: { plan: FixturePlan }) {
  const playing = plan.seededTeamIds.length;
  const headingId = useId();
  const seedOf = new Map(plan.seededTeamIds.map((id, index) => [id, index + 1]));
  return (
    <section className="fixture-seeding" aria-labelledby={headingId}>
      <h3 id={headingId} className="seeding-title">
        Seeding: {playing} of {plan.teams.length} teams play
      </h3>
      <p className="field-hint">
        {plan.asEntered ? 'In the order you pasted them, best first. ' : 'Best first. '}A knockout keeps the top seeds apart until the last rounds, and gives them the byes; groups share them out.
      </p>
      <div className="seeding-actions">
        <Button variant="secondary" className="btn-small" onClick={plan.shuffle}>
          Shuffle (a draw)
        </Button>
        {plan.hasRanks && (
          <Button variant="secondary" className="btn-small" onClick={plan.orderByRank}>
            By last season's rank
          </Button>
        )}
      </div>
      <ol className="seed-list">
        {plan.teams.map(({ team, included }, index) => (
          <li key={team._id} className={included ? 'seed-row' : 'seed-row is-out'}>
            <select
              className="seed-place"
              aria-label={`Seed of ${team.teamName}`}
              value={index}
              onChange={(e) => plan.moveTeam(team._id, Number(e.target.value))}
            >
              {plan.teams.map((_, place) => (
                <option key={place} value={place}>
                  {place + 1}
                </option>
              ))}
            </select>
            <label className="seed-team">
              <input type="checkbox" checked={included} onChange={() => plan.toggleTeam(team._id)} aria-label={`${team.teamName} plays`} />
              <span className="seed-name">{team.teamName}</span>
              {included && seedOf.get(team._id) !== index + 1 && <span className="operator-row-tag">Seed {seedOf.get(team._id)}</span>}
              {team.teamRank !== null && <span className="operator-row-tag">Rank #{team.teamRank}</span>}
            </label>
          </li>
        ))}
      </ol>
    </section>
  );
}

type Choice = 'league' | 'league-double' | 'knockout' | 'groups-knockout';

const choiceOf = (format: TournamentFormat | null): Choice | null =>
  format === null ? null : format.kind === 'league' ? (format.double ? 'league-double' : 'league') : format.kind;

/** Groups of about four with the top two of each through, as a fest does; one group and a top four below 8 teams. */
function defaultGroups(teamCount: number): TournamentFormat {
  const groups = Math.max(1, Math.min(8, Math.floor(teamCount / 4)));
  return { kind: 'groups-knockout', groups, advancePerGroup: groups === 1 ? Math.min(Math.max(teamCount, 2), 4) : 2 };
}

const formatOf = (choice: Choice, teamCount: number): TournamentFormat =>
  choice === 'league'
    ? { kind: 'league', double: false }
    : choice === 'league-double'
      ? { kind: 'league', double: true }
      : choice === 'knockout'
        ? { kind: 'knockout' }
        : defaultGroups(teamCount);

const matchCount = (teamIds: string[], format: TournamentFormat) =>
  formatProblem(teamIds.length, format) ? null : planFormat(format, teamIds).matches.length;

const CHOICES: { choice: Choice; title: string; what: string }[] = [
  { choice: 'league', title: 'League', what: 'Everyone plays everyone once; a points table' },
  { choice: 'league-double', title: 'League, home and away', what: 'Everyone plays everyone twice' },
  { choice: 'knockout', title: 'Knockout', what: 'Seeded as listed below, byes to the top seeds; a bracket' },
  { choice: 'groups-knockout', title: 'Groups, then knockout', what: 'A league in each group; the best go on to a bracket' },
];

/** The format: league (single or double round robin), knockout, or groups then a knockout. */
export function FormatChoice({ plan }: { plan: FixturePlan }) {
  const name = useId();
  const teamIds = plan.seededTeamIds;
  const current = choiceOf(plan.format);
  const groups = plan.format?.kind === 'groups-knockout' ? plan.format : null;
  const setGroups = (patch: Partial<{ groups: number; advancePerGroup: number }>) => {
    if (!groups) return;
    const next = { ...groups, ...patch };
    // Fewer groups or more through: keep the number through within the smallest group.
    next.advancePerGroup = Math.max(1, Math.min(next.advancePerGroup, Math.floor(teamIds.length / next.groups)));
    plan.setFormat(next);
  };
  return (
    <>
      <fieldset className="operator-choices fixture-formats">
        {/* The card's heading names it already. */}
        <legend className="visually-hidden">Format</legend>
        {CHOICES.map(({ choice, title, what }) => {
          const count = matchCount(teamIds, current === choice && plan.format ? plan.format : formatOf(choice, teamIds.length));
          return (
            <label key={choice} className="operator-choice fixture-format">
              <input type="radio" name={name} checked={current === choice} onChange={() => plan.setFormat(formatOf(choice, teamIds.length))} />
              <span className="fixture-format-text">
                <span className="fixture-format-title">{title}</span>
                <span className="fixture-format-what">
                  {what}
                  {count !== null && ` · ${count} ${count === 1 ? 'match' : 'matches'}`}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {groups && (
        <div className="operator-pair">
          <SelectField label="Groups" value={groups.groups} onChange={(e) => setGroups({ groups: Number(e.target.value) })}>
            {Array.from({ length: Math.max(1, Math.floor(teamIds.length / 2)) }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
          <SelectField label="Through per group" value={groups.advancePerGroup} onChange={(e) => setGroups({ advancePerGroup: Number(e.target.value) })}>
            {Array.from({ length: Math.max(1, Math.floor(teamIds.length / groups.groups)) }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      {(current === 'league' || current === 'league-double' || current === 'groups-knockout') && <p className="field-hint">Points table: {TIE_BREAK_TEXT}</p>}
      {plan.format && <FormError message={plan.formatError} />}
    </>
  );
}

/** The first day, the day's start times, the rest a team gets between matches, and venues. */
export function CalendarFields({ plan, legendHidden = false }: { plan: FixturePlan; legendHidden?: boolean }) {
  const { calendar, setCalendar } = plan;
  // The device's zone as named now (the clock is read once, not at every render).
  const [zone] = useState(() => formatZoneName(Date.now()));
  return (
    <fieldset className="fixture-calendar">
      <legend className={legendHidden ? 'visually-hidden' : 'field-label'}>Calendar</legend>
      <div className="operator-pair">
        <TextField label="First day" type="date" value={calendar.startDate} onChange={(e) => setCalendar({ ...calendar, startDate: e.target.value })} />
        <TextField
          label="Minutes between"
          inputMode="numeric"
          value={calendar.minutesBetween}
          onChange={(e) => setCalendar({ ...calendar, minutesBetween: e.target.value })}
          hint="The least time between a team's matches"
        />
      </div>
      <TextField
        label="Daily start times"
        value={calendar.slots}
        onChange={(e) => setCalendar({ ...calendar, slots: e.target.value })}
        hint={`In ${zone}, comma separated: one match starts at each, every day`}
        autoComplete="off"
      />
      <TextField
        label="Venues (optional)"
        value={calendar.venues}
        onChange={(e) => setCalendar({ ...calendar, venues: e.target.value })}
        hint="Comma separated. With several, matches share a start time, one a venue"
        autoComplete="off"
      />
      <FormError message={plan.calendarError} />
    </fieldset>
  );
}
