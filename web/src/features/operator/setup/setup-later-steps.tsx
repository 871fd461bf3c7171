// The guided setup's steps 2 to 5 (setup-page.tsx): the teams pasted one a line, the format and seeding,
// the fixtures on a calendar to adjust, and Publish. A chunk of its own with the shared generators behind
// it, loaded while the tournament is named (step 1), so the setup's first JavaScript stays in its budget;
// the paste's preview rules load with the first paste (pasted-lines.ts). The plan's
// choices stay with the page (plan-choices.ts): going back to an earlier step loses none of them.
import { useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import type { Team } from '#shared/api.ts';
import type { BulkTeam } from '#shared/bulk-entry.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { operatorSetupPath } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { pasteTeams } from '../teams/api/save-pasted-teams.ts';
import { removeTeamUndoably } from '../teams/remove-team-undoably.ts';
import { BulkPastePanel } from '../paste/bulk-paste-panel.tsx';
import type { Preview } from '../paste/bulk-preview.ts';
import { CalendarFields, FormatChoice, SeedingList } from '../fixtures/fixture-fields.tsx';
import { FixturePreview } from '../fixtures/fixture-preview.tsx';
import { NOTHING_PASTED, previewRules, TEAM_PASTE_TEXT, usePreviewRules } from '../paste/pasted-lines.ts';
import type { PlanChoices } from './plan-choices.ts';
import { PublishFixtures } from '../fixtures/publish-fixtures.tsx';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { useRefreshRoster, useTournamentRoster } from '../teams/roster.ts';
import { StepCard } from './setup-steps.tsx';
import { useFixturePlan, type FixturePlan } from '../fixtures/use-fixture-plan.ts';
import { useServerAction } from '../use-server-action.ts';
import '../fixtures/fixtures.css';

/**
 * The teams added so far, each with Remove: a team pasted by mistake goes before the fixtures are made.
 * No match uses it yet, so Undo on the toast makes it again as it was.
 */
function SetupRoster({ tournamentId, roster }: { tournamentId: string; roster: readonly Team[] }) {
  const { busy, error, run } = useServerAction();
  const refreshRoster = useRefreshRoster();
  const remove = (team: Team) =>
    removeTeamUndoably(team, tournamentId, run, { onRemoved: () => refreshRoster(tournamentId), onRestored: () => refreshRoster(tournamentId) });
  return (
    <div className="setup-roster">
      <p className="setup-roster-count">
        {roster.length} {roster.length === 1 ? 'team' : 'teams'} already:
      </p>
      <ul className="setup-roster-list">
        {roster.map((team) => (
          <li key={team._id}>
            <span>{team.teamName}</span>
            <button type="button" className="setup-roster-remove" disabled={busy} aria-label={`Remove ${team.teamName}`} onClick={() => void remove(team)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <FormError message={error} />
    </div>
  );
}

/** Step 2: the teams pasted one a line, previewed as on the Teams screen (bulk-paste-panel.tsx); adding them goes on. */
function TeamsStep({ tournamentId, onBack, onNext }: { tournamentId: string; onBack: () => void; onNext: () => void }) {
  const roster = useTournamentRoster(tournamentId);
  const [pasted, setPasted] = useState(NOTHING_PASTED);
  const rules = usePreviewRules(pasted);
  const preview = useMemo(() => (roster && rules ? rules.previewTeams(pasted, roster) : null), [pasted, roster, rules]);
  const [missing, setMissing] = useState<string | null>(null);
  const { busy, error, run } = useServerAction();
  const refreshRoster = useRefreshRoster();
  const refreshCatalog = useRefreshCatalog();
  const save = async (toAdd: readonly BulkTeam[] | undefined) => {
    if (!toAdd || toAdd.length === 0) return;
    const saved = await run(() => pasteTeams(tournamentId, toAdd), ({ created, unchanged }) => MSG.bulkTeamsAdded(created.length, unchanged.length));
    if (!saved) return;
    setPasted(NOTHING_PASTED);
    await Promise.all([refreshRoster(tournamentId), refreshCatalog()]);
    onNext();
  };
  const next = async () => {
    setMissing(null);
    // Pasted a moment ago: the preview is read once its rules have come.
    let current: Preview<BulkTeam> | null = preview;
    if (!current && roster && pasted.text !== '') {
      const loaded = await previewRules.preload().catch(() => null);
      if (!loaded) {
        toast.error(MSG.somethingWentWrong);
        return;
      }
      current = loaded.previewTeams(pasted, roster);
    }
    if (current && current.problems > 0) return setMissing(MSG.setupTeamLinesInvalid);
    // Pasted but not added yet: added on the way.
    if (current && current.toAdd.length > 0) return save(current.toAdd);
    if ((roster?.length ?? 0) < 2) return setMissing(MSG.setupTeamsRequired);
    onNext();
  };
  return (
    <>
      <BulkPastePanel
        title="Add the teams"
        {...TEAM_PASTE_TEXT}
        pasted={pasted}
        onPaste={setPasted}
        preview={preview}
        busy={busy}
        error={error}
        onSave={() => void save(preview?.toAdd)}
      >
        {roster && roster.length > 0 && <SetupRoster tournamentId={tournamentId} roster={roster} />}
      </BulkPastePanel>
      <FormError message={missing} />
      <div className="setup-nav">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button variant="secondary" busy={busy} onClick={() => void next()}>
          Next
        </Button>
      </div>
    </>
  );
}

function FormatStep({ plan, onBack, onNext }: { plan: FixturePlan; onBack: () => void; onNext: () => void }) {
  const [tried, setTried] = useState(false);
  return (
    <StepCard
      step={3}
      title="Choose the format"
      error={tried && !plan.format ? plan.formatError : null}
      onBack={onBack}
      onNext={() => {
        setTried(true);
        if (!plan.formatError) onNext();
      }}
    >
      <FormatChoice plan={plan} />
      <SeedingList plan={plan} />
    </StepCard>
  );
}

function FixturesStep({ plan, onBack, onNext }: { plan: FixturePlan; onBack: () => void; onNext: () => void }) {
  return (
    <StepCard step={4} title="Lay out the fixtures" onBack={onBack} onNext={() => plan.matches && onNext()}>
      <CalendarFields plan={plan} />
      <FixturePreview plan={plan} />
    </StepCard>
  );
}

export interface LaterStepsProps {
  /** 2 to 5. */
  step: number;
  tournamentId: string;
  roster: readonly Team[];
  choices: PlanChoices;
  goTo: (step: number) => void;
}

export default function LaterSteps({ step, tournamentId, roster, choices, goTo }: LaterStepsProps) {
  const plan = useFixturePlan(roster, choices);
  // A step whose inputs are not there yet opens the one before: the format until these teams make it, the
  // fixtures until the calendar reads.
  const furthest = plan.formatError ? 3 : plan.matches ? 5 : 4;
  if (step > furthest) return <Navigate to={operatorSetupPath(tournamentId, furthest)} replace />;
  const back = () => goTo(step - 1);
  const next = () => goTo(step + 1);
  if (step === 2) return <TeamsStep tournamentId={tournamentId} onBack={back} onNext={next} />;
  if (step === 3) return <FormatStep plan={plan} onBack={back} onNext={next} />;
  if (step === 4) return <FixturesStep plan={plan} onBack={back} onNext={next} />;
  return (
    <StepCard step={5} title="Publish" onBack={back}>
      <PublishFixtures plan={plan} tournamentId={tournamentId} />
    </StepCard>
  );
}
