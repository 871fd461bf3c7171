// The generated calendar before it is published, day by day: each match's time, teams (or what a side
// waits for), stage and venue, the clashes listed above, and an Adjust button per match (move, swap, venue).
import { matchLabel } from '#shared/match-names.ts';
import { useState } from 'react';
import { formatDate, formatTime } from '#shared/format.ts';
import { Button } from '../../components/button.tsx';
import { AdjustMatchDialog } from './adjust-match-dialog.tsx';
import { byDay, sideName, type ScheduledMatch } from './fixture-plan.ts';
import type { FixturePlan } from './use-fixture-plan.ts';
import './fixtures.css';

/** Days shown before 'Show every day' (a 64-team league runs for months). */
const DAYS_AT_FIRST = 14;
const PROBLEMS_AT_MOST = 12;

const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short' });
/** 'Sat 1 Mar 2030' in the device's zone. */
const dayName = (iso: string) => `${weekday.format(new Date(iso))} ${formatDate(iso)}`;

export const matchName = (match: ScheduledMatch, plan: FixturePlan) => `${sideName(match, 'home', plan.teamName)} v ${sideName(match, 'away', plan.teamName)}`;

/** '28 matches over 4 days, Sat 1 Mar 2030 to Tue 4 Mar 2030'. */
export function calendarSummary(matches: readonly ScheduledMatch[]): string {
  const days = byDay(matches, formatDate);
  if (days.length === 0) return 'No matches';
  const first = days[0].matches[0].startsAt;
  const last = days.at(-1)!.matches.at(-1)!.startsAt;
  const count = `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}`;
  return days.length === 1 ? `${count} on ${dayName(first)}` : `${count} over ${days.length} days, ${dayName(first)} to ${dayName(last)}`;
}

export function FixturePreview({ plan }: { plan: FixturePlan }) {
  const [adjusting, setAdjusting] = useState<ScheduledMatch | null>(null);
  const [allDays, setAllDays] = useState(false);
  const { matches, problems } = plan;
  if (!matches) return null;
  const days = byDay(matches, formatDate);
  const shown = allDays ? days : days.slice(0, DAYS_AT_FIRST);
  return (
    <div className="fixture-preview">
      <p className="fixture-summary" aria-live="polite">
        {calendarSummary(matches)}
      </p>
      {plan.editCount > 0 && (
        <p className="fixture-edits">
          {plan.editCount} {plan.editCount === 1 ? 'change' : 'changes'} to the generated calendar.{' '}
          <Button variant="secondary" className="btn-small" onClick={plan.undoEdits}>
            Undo changes
          </Button>
        </p>
      )}
      {problems.length > 0 && (
        <div className="fixture-problems" role="status">
          <p className="fixture-problems-title">{problems.length === 1 ? '1 clash' : `${problems.length} clashes`}</p>
          <ul>
            {problems.slice(0, PROBLEMS_AT_MOST).map((problem, index) => (
              <li key={index} className={problem.blocking ? 'is-blocking' : undefined}>
                {problem.text}
                {!problem.blocking && ' (allowed)'}
              </li>
            ))}
            {problems.length > PROBLEMS_AT_MOST && <li>and {problems.length - PROBLEMS_AT_MOST} more</li>}
          </ul>
        </div>
      )}
      {shown.map(({ day, matches: ofDay }) => (
        <section key={day} className="fixture-day" aria-label={dayName(ofDay[0].startsAt)}>
          <h3 className="fixture-day-title">{dayName(ofDay[0].startsAt)}</h3>
          <ol className="fixture-list">
            {ofDay.map((match) => (
              <li key={match.id} className="fixture-row">
                <time className="fixture-time" dateTime={match.startsAt}>
                  {formatTime(match.startsAt)}
                </time>
                <div className="fixture-main">
                  <span className="fixture-teams">{matchName(match, plan)}</span>
                  <span className="fixture-meta">
                    {matchLabel(match.stage, match.id)}
                    {match.venue && ` · ${match.venue}`}
                  </span>
                </div>
                <Button variant="secondary" className="btn-small" onClick={() => setAdjusting(match)} aria-label={`Adjust ${matchName(match, plan)}, ${matchLabel(match.stage, match.id)}`}>
                  Adjust
                </Button>
              </li>
            ))}
          </ol>
        </section>
      ))}
      {shown.length < days.length && (
        <Button variant="secondary" onClick={() => setAllDays(true)}>
          Show all {days.length} days
        </Button>
      )}
      <AdjustMatchDialog plan={plan} match={adjusting} onClose={() => setAdjusting(null)} />
    </div>
  );
}
