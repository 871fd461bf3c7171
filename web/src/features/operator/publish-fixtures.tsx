// Publishing a planned calendar: one call creates every match (POST /admin/tournaments/{id}/format), then
// the console shows the tournament's matches.
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../components/button.tsx';
import { FormError } from '../../components/text-field.tsx';
import { isTournamentShapeKey } from '../../lib/game/get-tournament-shape.ts';
import { operatorEventsPath } from '../../lib/paths.ts';
import { publishFormat } from './api/publish-format.ts';
import { formatName, scheduleBody } from './fixture-plan.ts';
import { calendarSummary } from './fixture-preview.tsx';
import { useRefreshCatalog } from './refresh-catalog.ts';
import type { FixturePlan } from './use-fixture-plan.ts';
import { useServerAction } from './use-server-action.ts';
import './fixtures.css';

export function PublishFixtures({ plan, tournamentId }: { plan: FixturePlan; tournamentId: string }) {
  const [openBetting, setOpenBetting] = useState(true);
  const openBettingId = useId();
  const { busy, error, run } = useServerAction();
  const refreshCatalog = useRefreshCatalog();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const { matches, format } = plan;
  const ready = matches !== null && format !== null && matches.length > 0;

  const publish = async () => {
    if (!ready || plan.hasBlockingProblem) return;
    const published = await run(
      () => publishFormat(tournamentId, { format, seededTeamIds: plan.seededTeamIds, schedule: scheduleBody(matches), openBetting }),
      MSG.fixturesPublished(matches.length),
    );
    if (!published) return;
    void refreshCatalog();
    void mutate(isTournamentShapeKey);
    navigate(operatorEventsPath(tournamentId));
  };

  return (
    <div className="fixture-publish">
      {ready && (
        <p className="fixture-summary">
          {formatName(format)} · {plan.seededTeamIds.length} teams · {calendarSummary(matches)}
        </p>
      )}
      <div className="operator-check">
        <input id={openBettingId} type="checkbox" checked={openBetting} onChange={(e) => setOpenBetting(e.target.checked)} />
        <label htmlFor={openBettingId}>Open betting on every match at once</label>
      </div>
      <FormError message={error ?? (plan.hasBlockingProblem ? MSG.calendarHasClashes : (plan.formatError ?? plan.calendarError))} />
      <Button busy={busy} disabled={!ready || plan.hasBlockingProblem} onClick={() => void publish()}>
        {ready ? `Publish ${matches.length} ${matches.length === 1 ? 'match' : 'matches'}` : 'Publish'}
      </Button>
    </div>
  );
}
