// The guided setup of a new tournament, made for a phone: 1 the tournament, 2 its teams
// pasted one a line, 3 the format, 4 the fixtures on a calendar to adjust, 5 publish; a step indicator
// and Back / Next. The tournament and its teams are saved as their steps end; the format and calendar
// are kept on this page until they are published together. The URL holds the tournament and the step.
// Steps 2 to 5 and the generators behind them are a chunk of their own (setup-later-steps.tsx), loaded
// while the tournament is named: the setup opens within its first-visit budget.
import { Suspense, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { TOURNAMENT_TITLE_MAX_LENGTH } from '#shared/constants.ts';
import type { Sport } from '#shared/sports.ts';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { operatorSetupPath } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session/session-context.tsx';
import { useConsoleScope } from '../console-scope.ts';
import { OperatorPage } from '../operator-page.tsx';
import { usePlanChoices } from './plan-choices.ts';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { useTournamentRoster } from '../teams/roster.ts';
import { useTournamentShape } from '../../../lib/game/get-tournament-shape.ts';
import { SETUP_STEPS, SetupSteps, StepCard } from './setup-steps.tsx';
import { useServerAction } from '../use-server-action.ts';
import '../fixtures/fixtures.css';

/** Steps 2 to 5: the teams, the format, the fixtures and Publish, with the generators behind them. */
const LaterSteps = lazyPage(() => import('./setup-later-steps.tsx'));
/** The sport's choice comes with the sports' rules: a chunk of its own, loaded as the page opens. */
const SportSelect = lazyPage(() => import('../tournaments/sport-fields.tsx').then((m) => ({ default: m.SportSelect })));
/** A published tournament (reached by its address or Back) is rare here: its page, the same way. */
const PublishedFixtures = lazyPage(() => import('../fixtures/published-fixtures.tsx').then((m) => ({ default: m.PublishedFixtures })));

/** Step 1: the tournament's title and sport; Next creates it (or saves them, coming back). Its points are the sport's usual ones. */
export function TournamentStep({ tournamentId, onCreated }: { tournamentId: string | null; onCreated: (tournamentId: string) => void }) {
  const { tournaments } = useConsoleScope();
  const tournament = tournaments?.find((each) => each._id === tournamentId);
  const saved = tournament?.title;
  const [title, setTitle] = useState<string | null>(null);
  const [sport, setSport] = useState<Sport | null>(null);
  const shown = title ?? saved ?? '';
  const newSport = sport !== null && sport !== tournament?.sport;
  const { busy, error, run } = useServerAction();
  const { refreshCurrentUser } = useSession();
  const refreshCatalog = useRefreshCatalog();
  const next = async () => {
    if (tournamentId && (title === null || title === saved) && !newSport) return onCreated(tournamentId);
    const input = { title: shown, ...(newSport && { sport }) };
    // The save's calls load with the tap: the first step's paint does not need them (the route's first-load budget).
    const done = tournamentId
      ? await run(async () => (await import('../tournaments/api/update-tournament.ts')).updateTournament(tournamentId, input), 'Tournament saved')
      : await run(async () => (await import('../tournaments/api/create-tournament.ts')).createTournament(input), 'Tournament created');
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
      <Suspense fallback={null}>
        <SportSelect value={sport ?? tournament?.sport} onChange={setSport} />
      </Suspense>
    </StepCard>
  );
}

const SUBTITLE = 'Five steps: the tournament, its teams, the format, the fixtures, and publish.';

export default function OperatorSetupPage() {
  const [params, setParams] = useSearchParams();
  const tournamentId = params.get('tournamentId');
  const asked = Number(params.get('step') ?? (tournamentId ? 2 : 1));
  const roster = useTournamentRoster(tournamentId);
  const shape = useTournamentShape(tournamentId);
  const choices = usePlanChoices();
  // The later steps' code, while the tournament is named (the render reports a failure).
  useEffect(() => void Promise.all([LaterSteps.preload(), SportSelect.preload()]).catch(() => {}), []);
  // A step whose inputs are not there yet (a reload drops the format and calendar) opens the one before:
  // without a format, the format step; the plan's own limits are its steps' (setup-later-steps.tsx).
  if (tournamentId && roster === null) {
    return (
      <OperatorPage title="New tournament" subtitle={SUBTITLE}>
        <LoadingBlock label="Loading teams" />
      </OperatorPage>
    );
  }
  // A published tournament is not set up again (reached by its address or Back): it says so, and leads to its matches.
  if (tournamentId && shape?.format) {
    return (
      <OperatorPage title="New tournament" subtitle={SUBTITLE}>
        <Suspense fallback={<LoadingBlock label="Loading" />}>
          <PublishedFixtures tournamentId={tournamentId} shape={{ ...shape, format: shape.format }} />
        </Suspense>
      </OperatorPage>
    );
  }
  const step = !tournamentId ? 1 : Math.min(Math.max(Number.isInteger(asked) ? asked : 2, 1), choices.format ? SETUP_STEPS.length : 3);
  if (String(step) !== params.get('step') && (tournamentId || params.has('step'))) return <Navigate to={operatorSetupPath(tournamentId, step)} replace />;
  const goTo = (to: number, id = tournamentId) => setParams(id ? { tournamentId: id, step: String(to) } : {});

  return (
    <OperatorPage title="New tournament" subtitle={SUBTITLE}>
      <SetupSteps step={step} />
      {step === 1 && <TournamentStep tournamentId={tournamentId} onCreated={(id) => goTo(2, id)} />}
      {step >= 2 && tournamentId && roster && (
        <Suspense fallback={<LoadingBlock label="Loading the step" />}>
          <LaterSteps step={step} tournamentId={tournamentId} roster={roster} choices={choices} goTo={goTo} />
        </Suspense>
      )}
    </OperatorPage>
  );
}
