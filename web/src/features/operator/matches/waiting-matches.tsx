// The console's knockout matches still waiting for their teams, under the match list (event-list.tsx): the
// later rounds of a published bracket, which the public event list leaves out until both teams are known.
// Each shows its stage, what its sides wait for ('Winner of R1-M2', or the team already through), its time
// and venue; its time and venue can be changed now (its teams are the bracket's to fill). A chunk of its
// own, asked for by the match list's (the first-visit budget, docs/benchmarks.md).
import { matchLabel } from '#shared/match-names.ts';
import { useState } from 'react';
import type { AdminEvent } from '#shared/api.ts';
import { formatDate, formatTimeWithZone, isoToZonedInput, zonedInputToIso } from '#shared/format.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../../components/button.tsx';
import { ActionDialog } from '../action-dialog.tsx';
import { updateEvent } from './api/update-event.ts';
import { useTournamentMatches } from './api/tournament-matches.ts';
import { emptyMatchDraft, matchPatch, type MatchDraft } from '../catalog-forms.ts';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { StartAndVenueFields } from './start-venue-fields.tsx';
import { useEditDraft } from '../use-edit-draft.ts';
import { useDialogAction } from '../use-server-action.ts';
import '../tables.css';
import './waiting-matches.css';

/** A knockout match with a side still empty, not called off. */
const isWaiting = (event: AdminEvent) => event.teamIds.length === 0 && event.awaiting !== undefined && !event.isVoid && event.winnerTeamId === null;

/** Each side's words: the team already through, or what it waits for. */
const sides = (event: AdminEvent) => (['home', 'away'] as const).map((side) => event.knownSides?.[side] ?? event.awaiting?.[side] ?? 'To be decided');

const waitingName = (event: AdminEvent) => sides(event).join(' versus ');

function When({ time, split }: { time: string; split?: boolean }) {
  return (
    <time dateTime={time}>
      {split ? (
        <>
          {formatDate(time)}
          <br />
          {formatTimeWithZone(time)}
        </>
      ) : (
        <>
          {formatTimeWithZone(time)} · {formatDate(time)}
        </>
      )}
    </time>
  );
}

const draftOf = (event: AdminEvent): MatchDraft => ({ homeId: '', awayId: '', start: isoToZonedInput(event.time), venue: event.venue ?? '' });

/** Its start and venue (PATCH /admin/events/{id}); only what changed is sent. */
function ChangeTimeDialog({ event, onClose }: { event: AdminEvent | null; onClose: () => void }) {
  const [draft, setDraft] = useEditDraft(event, draftOf, emptyMatchDraft);
  const { busy, error, close, submit } = useDialogAction(onClose);
  const refreshCatalog = useRefreshCatalog();
  const save = () => {
    if (!event) return;
    const patch = matchPatch(draftOf(event), draft, zonedInputToIso(draft.start) ?? draft.start);
    if (!patch) return close();
    void submit(() => updateEvent(event._id, patch), MSG.eventSaved, () => void refreshCatalog());
  };
  return (
    <ActionDialog
      open={event !== null}
      title="Change time or venue"
      description="Its teams come from earlier results and fill in by themselves."
      submitLabel="Save changes"
      busy={busy}
      error={error}
      onClose={close}
      onSubmit={save}
    >
      {event && (
        <p className="operator-dialog-match">
          {event.stage && <span className="operator-row-meta">{matchLabel(event.stage, event.matchKey)}: </span>}
          {sides(event).join(' vs ')}
        </p>
      )}
      <StartAndVenueFields draft={draft} onChange={setDraft} />
    </ActionDialog>
  );
}

function ChangeButton({ event, onChange }: { event: AdminEvent; onChange: (event: AdminEvent) => void }) {
  return (
    <Button variant="secondary" className="btn-small" onClick={() => onChange(event)}>
      Change time or venue
    </Button>
  );
}

/** The waiting matches, as cards on a phone and a table on a laptop; nothing while there are none. */
export default function WaitingMatches({ tournamentId, laptop }: { tournamentId: string; laptop: boolean }) {
  const { data } = useTournamentMatches(tournamentId);
  const [changing, setChanging] = useState<AdminEvent | null>(null);
  const waiting = (data ?? []).filter(isWaiting);
  if (waiting.length === 0) return null;
  return (
    <section className="waiting-matches" aria-labelledby="waiting-matches">
      <h3 id="waiting-matches" className="waiting-matches-title">
        Waiting for teams
      </h3>
      <p className="operator-row-meta">Knockout matches whose teams come from earlier results. Their time and venue can be changed now.</p>
      {laptop ? (
        <div className="table-frame">
          <table className="console-table">
            <caption className="visually-hidden">Matches waiting for teams</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Match</th>
                <th scope="col">Stage and venue</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {waiting.map((event) => (
                <tr key={event._id}>
                  <td className="table-number">
                    <When time={event.time} split />
                  </td>
                  <th scope="row">{sides(event).join(' vs ')}</th>
                  <td className="table-muted">{[matchLabel(event.stage, event.matchKey), event.venue].filter(Boolean).join(' · ') || '–'}</td>
                  <td>
                    <div className="table-actions">
                      <ChangeButton event={event} onChange={setChanging} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="operator-list">
          {waiting.map((event) => (
            <li key={event._id}>
              <article className="operator-event" aria-label={waitingName(event)}>
                <div className="operator-row-main">
                  {event.stage && <span className="operator-row-tag">{matchLabel(event.stage, event.matchKey)}</span>}
                  <h4 className="operator-row-title">{sides(event).join(' vs ')}</h4>
                  <p className="operator-row-meta">
                    <When time={event.time} />
                    {event.venue && <> · {event.venue}</>}
                  </p>
                </div>
                <div className="operator-actions">
                  <ChangeButton event={event} onChange={setChanging} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <ChangeTimeDialog event={changing} onClose={() => setChanging(null)} />
    </section>
  );
}
