// The Fixtures screen's planner (format-page.tsx): the format and seeding, the calendar, the preview to
// adjust and Publish. A chunk of its own with the shared generators behind it, asked for as the screen
// opens, so the screen's first JavaScript stays in its budget (issue 13 §1).
import type { Team } from '#shared/api.ts';
import { CalendarFields, FormatChoice, SeedingList } from './fixture-fields.tsx';
import { FixturePreview } from './fixture-preview.tsx';
import { usePlanChoices } from './plan-choices.ts';
import { PublishFixtures } from './publish-fixtures.tsx';
import { useFixturePlan } from './use-fixture-plan.ts';
import './fixtures.css';

export default function FixturePlanner({ tournamentId, roster }: { tournamentId: string; roster: readonly Team[] }) {
  const plan = useFixturePlan(roster, usePlanChoices());
  return (
    <div className="fixture-planner">
      <div className="fixture-settings">
        <section className="card form" aria-labelledby="fixture-format">
          <h2 id="fixture-format">Format</h2>
          <FormatChoice plan={plan} />
          <SeedingList plan={plan} />
        </section>
        <section className="card form" aria-labelledby="fixture-calendar">
          <h2 id="fixture-calendar">Calendar</h2>
          <CalendarFields plan={plan} legendHidden />
        </section>
      </div>
      <div className="fixture-results">
        <section className="card" aria-labelledby="fixture-preview">
          <h2 id="fixture-preview">Preview</h2>
          {plan.matches ? <FixturePreview plan={plan} /> : <p className="muted">{plan.formatError ?? plan.calendarError}</p>}
        </section>
        <section className="card" aria-labelledby="fixture-publish">
          <h2 id="fixture-publish">Publish</h2>
          <PublishFixtures plan={plan} tournamentId={tournamentId} />
        </section>
      </div>
    </div>
  );
}
