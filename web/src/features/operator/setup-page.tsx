// The guided setup of a new tournament (issue 21 §8), made for a phone: 1 the tournament, 2 its teams
// pasted one a line, 3 the format, 4 the fixtures on a calendar to adjust, 5 publish; a step indicator
// and Back / Next. The tournament and its teams are saved as their steps end; the format and calendar
// are kept on this page until they are published together. The URL holds the tournament and the step.
import { useMemo, useState, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { TOURNAMENT_TITLE_MAX_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../components/button.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { FormError, TextField } from '../../components/text-field.tsx';
import { operatorSetupPath } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { createTournament } from './api/create-tournament.ts';
import { pasteTeams } from './api/paste-teams.ts';
import { updateTournament } from './api/update-tournament.ts';
import { useConsoleScope } from './console-scope.ts';
import { CalendarFields, FormatChoice, SeedingList } from './fixture-fields.tsx';
import { FixturePreview } from './fixture-preview.tsx';
import { OperatorPage } from './operator-page.tsx';
import { PublishFixtures } from './publish-fixtures.tsx';
import { useRefreshCatalog } from './refresh-catalog.ts';
import { useRefreshRoster, useTournamentRoster } from './roster.ts';
import { BulkPastePanel } from './bulk-paste-panel.tsx';
import { NOTHING_PASTED, previewTeams, TEAM_PASTE_TEXT } from './bulk-preview.ts';
import { useFixturePlan, type FixturePlan } from './use-fixture-plan.ts';
import { useServerAction } from './use-server-action.ts';
import './fixtures.css';

export const SETUP_STEPS = ['Tournament', 'Teams', 'Format', 'Fixtures', 'Publish'] as const;

/** Where the steps stand: done, this one, to come. */
export function SetupSteps({ step }: { step: number }) {
  return (
    <ol className="setup-steps" aria-label={`Step ${step} of ${SETUP_STEPS.length}`}>
      {SETUP_STEPS.map((name, index) => {
        const number = index + 1;
        const state = number < step ? 'is-done' : number === step ? 'is-current' : '';
        return (
          <li key={name} className={`setup-step ${state}`} aria-current={number === step ? 'step' : undefined}>
            <span className="setup-step-number" aria-hidden="true">
              {number}
            </span>
            <span className="setup-step-name">{name}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** One step's card: its heading, its fields, the step's refusal, and Back / Next below. */
function StepCard({
  step,
  title,
  error,
  busy = false,
  nextLabel = 'Next',
  onBack,
  onNext,
  children,
}: {
  step: number;
  title: string;
  error?: string | null;
  busy?: boolean;
  nextLabel?: string;
  onBack?: () => void;
  onNext?: () => void;
  children: ReactNode;
}) {
  return (
    <section className="card form setup-card" aria-labelledby="setup-step-title">
      <h2 id="setup-step-title">
        <span className="setup-card-step">
          Step {step} of {SETUP_STEPS.length}
        </span>
        {title}
      </h2>
      {children}
      <FormError message={error ?? null} />
      <div className="setup-nav">
        {onBack && (
          <Button variant="secondary" onClick={onBack}>
            Back
          </Button>
        )}
        {onNext && (
          <Button busy={busy} onClick={onNext}>
            {nextLabel}
          </Button>
        )}
      </div>
    </section>
  );
}

/** Step 1: the tournament's title; Next creates it (or renames it, coming back). */
export function TournamentStep({ tournamentId, onCreated }: { tournamentId: string | null; onCreated: (tournamentId: string) => void }) {
  const { tournaments } = useConsoleScope();
  const saved = tournaments?.find((tournament) => tournament._id === tournamentId)?.title;
  const [title, setTitle] = useState<string | null>(null);
  const shown = title ?? saved ?? '';
  const { busy, error, run } = useServerAction();
  const { refreshCurrentUser } = useSession();
  const refreshCatalog = useRefreshCatalog();
  const next = async () => {
    if (tournamentId && (title === null || title === saved)) return onCreated(tournamentId);
    const done = tournamentId
      ? await run(() => updateTournament(tournamentId, { title: shown }), 'Tournament saved')
      : await run(() => createTournament({ title: shown }), 'Tournament created');
    if (!done) return;
    // A creator's new tournament is theirs to organise: the session's list of them grows.
    await Promise.all([refreshCurrentUser(), refreshCatalog()]);
    onCreated(done.value._id);
  };
  return (
    <StepCard step={1} title="Name the tournament" error={error} busy={busy} nextLabel={tournamentId ? 'Next' : 'Create and go on'} onNext={() => void next()}>
      <TextField
        label="Title"
        name="title"
        maxLength={TOURNAMENT_TITLE_MAX_LENGTH}
        value={shown}
        onChange={(e) => setTitle(e.target.value)}
        hint="As students will see it, e.g. Inter-hostel Cricket Cup"
      />
    </StepCard>
  );
}

/** Step 2: the teams pasted one a line, previewed as on the Teams screen (bulk-paste-panel.tsx); adding them goes on. */
function TeamsStep({ tournamentId, onBack, onNext }: { tournamentId: string; onBack: () => void; onNext: () => void }) {
  const roster = useTournamentRoster(tournamentId);
  const [pasted, setPasted] = useState(NOTHING_PASTED);
  const preview = useMemo(() => (roster ? previewTeams(pasted, roster) : null), [pasted, roster]);
  const [missing, setMissing] = useState<string | null>(null);
  const { busy, error, run } = useServerAction();
  const refreshRoster = useRefreshRoster();
  const refreshCatalog = useRefreshCatalog();
  const save = async () => {
    if (!preview || preview.toAdd.length === 0) return;
    const saved = await run(() => pasteTeams(tournamentId, preview.toAdd), ({ created, unchanged }) => MSG.bulkTeamsAdded(created.length, unchanged.length));
    if (!saved) return;
    setPasted(NOTHING_PASTED);
    await Promise.all([refreshRoster(tournamentId), refreshCatalog()]);
    onNext();
  };
  const next = () => {
    setMissing(null);
    if (preview && preview.problems > 0) return setMissing(MSG.setupTeamLinesInvalid);
    // Pasted but not added yet: added on the way.
    if (preview && preview.toAdd.length > 0) return void save();
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
        onSave={() => void save()}
      >
        {roster && roster.length > 0 && (
          <p className="setup-roster">
            {roster.length} {roster.length === 1 ? 'team' : 'teams'} already: {roster.map((team) => team.teamName).join(', ')}
          </p>
        )}
      </BulkPastePanel>
      <FormError message={missing} />
      <div className="setup-nav">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button variant="secondary" busy={busy} onClick={next}>
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

const SUBTITLE = 'Five steps: the tournament, its teams, the format, the fixtures, and publish.';

export default function OperatorSetupPage() {
  const [params, setParams] = useSearchParams();
  const tournamentId = params.get('tournamentId');
  const asked = Number(params.get('step') ?? (tournamentId ? 2 : 1));
  const roster = useTournamentRoster(tournamentId);
  const plan = useFixturePlan(roster);
  // A step whose inputs are not there yet (a reload drops the format and calendar) opens the one before.
  if (tournamentId && roster === null) {
    return (
      <OperatorPage title="New tournament" subtitle={SUBTITLE}>
        <LoadingBlock label="Loading teams" />
      </OperatorPage>
    );
  }
  const step = !tournamentId ? 1 : Math.min(Math.max(Number.isInteger(asked) ? asked : 2, 1), plan.formatError ? 3 : plan.matches ? 5 : 4);
  if (String(step) !== params.get('step') && (tournamentId || params.has('step'))) return <Navigate to={operatorSetupPath(tournamentId, step)} replace />;
  const goTo = (to: number, id = tournamentId) => setParams(id ? { tournamentId: id, step: String(to) } : {});
  const back = () => goTo(step - 1);
  const next = () => goTo(step + 1);

  return (
    <OperatorPage title="New tournament" subtitle={SUBTITLE}>
      <SetupSteps step={step} />
      {step === 1 && <TournamentStep tournamentId={tournamentId} onCreated={(id) => goTo(2, id)} />}
      {step === 2 && tournamentId && <TeamsStep tournamentId={tournamentId} onBack={back} onNext={next} />}
      {step === 3 && <FormatStep plan={plan} onBack={back} onNext={next} />}
      {step === 4 && <FixturesStep plan={plan} onBack={back} onNext={next} />}
      {step === 5 && tournamentId && (
        <StepCard step={5} title="Publish" onBack={back}>
          <PublishFixtures plan={plan} tournamentId={tournamentId} />
        </StepCard>
      )}
    </OperatorPage>
  );
}
