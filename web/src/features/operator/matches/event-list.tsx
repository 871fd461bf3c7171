// The console's matches of a tournament (events-page.tsx): cards on a phone, a table on a laptop, each match with what can be done to it now (open or pause betting, a pause undone from its toast, reschedule or postpone,
// keep its live score, give a referee its scorer link, record its result, confirm, correct or dispute a referee's, void, fix or delete it, correct its result) and the dialogs those open; under them, the knockout matches
// still waiting for their teams (waiting-matches.tsx). A chunk of its own, asked for as
// the page opens and loaded while the matches are on their way: the page's first paint shows them loading
// (the first-visit budget, docs/benchmarks.md).
import { matchLabel } from '#shared/match-names.ts';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import type { GameEvent, ProvisionalResult } from '#shared/api.ts';
import { formatDate, formatTimeWithZone } from '#shared/format.ts';
import { MSG } from '#shared/messages.ts';
import { type Sport, type SportRules, sportRules } from '#shared/sports.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CalendarIcon } from '../../../components/icons.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { eventListKey } from '../../../lib/game/get-event-list.ts';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { onDemand } from '../../../lib/on-demand.ts';
import { undoableToast } from '../undo-toast.ts';
import { useTournamentMatches } from './api/tournament-matches.ts';
import { updateEvent } from './api/update-event.ts';
import type { EventDecision } from './event-decision-dialog.tsx';
import { EventHistory } from './event-history.tsx';
import { canCorrect, eventState, eventStateLabel, isUndecided, matchDay, matchName, resultLine } from './event-state.ts';
import { drawAllowed, resultMatch } from './scoring/result-draft.ts';
import { LiveScorer } from './scoring/live-scorer.tsx';
import { PendingActions, PendingLine } from './pending-result.tsx';
import { TOURNAMENT_MATCHES_KEY, useRefreshCatalog } from '../refresh-catalog.ts';
import { useServerAction } from '../use-server-action.ts';
import '../tables.css';

// Opens only on a click: its chunk loads once the page is idle, or at the first decision.
const decisionDialog = onDemand(() => import('./event-decision-dialog.tsx'));
const correctionDialog = onDemand(() => import('./correct-result-dialog.tsx'));

/** The knockout matches waiting for their teams: a chunk of their own, so the page's first one lists none of its files. */
const WaitingMatches = lazyPage(() => import('./waiting-matches.tsx'));
/** The matches corrections replaced, the same way. */
const ReplacedMatches = lazyPage(() => import('./replaced-matches.tsx'));

/** The match dialogs (edit, delete): their chunk loads at a hover or focus on Edit or Delete, or at the click. */
const matchDialogs = onDemand(() => import('./match-dialogs.tsx'));

interface EventRowProps {
  event: GameEvent;
  /** The tournament's sport: its score's unit, and whether a match may be drawn. */
  rules: SportRules;
  onDecide: (decision: EventDecision) => void;
  onCorrect: (event: GameEvent) => void;
  onFix: (fix: MatchFix) => void;
  /** The referees' results waiting, by match (the organisers' list says them). */
  provisionals: ReadonlyMap<string, ProvisionalResult>;
  /** 'Scorer link': a new link for this match (events-page.tsx opens its form). */
  onScorerLink?: (event: GameEvent) => void;
}

/**
 * A match being fixed: its edit (teams, time, venue), its postponement or its deletion, in a dialog, or for
 * an edit begun in the laptop's table, in its row. Where it began it stays: a window resized across the
 * breakpoint keeps an open dialog and what was typed in it.
 */
type MatchFix = { kind: 'edit' | 'postpone' | 'delete'; event: GameEvent; inRow?: boolean };

const preloadFixes = () => void matchDialogs.preload().catch(() => {});

/** What can be done to a match now: the same buttons in the phone's cards and the laptop's table. */
function EventActions({ event, rules, onDecide, onCorrect, onFix, provisionals, onScorerLink }: EventRowProps) {
  const state = eventState(event, new Date());
  const provisional = provisionals.get(event._id);
  // Disputed, a referee's result waits for the organiser's own: the usual result buttons.
  const disputed = state.kind === 'pending' && provisional?.disputed === true;
  const { busy, error, run } = useServerAction();
  const refreshCatalog = useRefreshCatalog();
  const setBetting = async (isBetActive: boolean) => {
    if (!(await run(() => updateEvent(event._id, { isBetActive }), isBetActive ? 'Betting opened' : null))) return;
    void refreshCatalog();
    // Pausing asks nothing first (a match must close at once when something is wrong); a pause by mistake
    // is undone from its toast for a few seconds.
    if (!isBetActive) undoableToast(`${MSG.bettingPausedUndo}: ${matchName(event)}`, () => void setBetting(true));
  };
  if (state.kind === 'pending' && !disputed) return <PendingActions event={event} provisional={provisional} onDecide={onDecide} />;
  return (
    <>
      {isUndecided(state) && (
        <div className="operator-actions">
          {state.kind === 'open' && (
            <Button variant="secondary" className="btn-small" busy={busy} onClick={() => void setBetting(false)}>
              Pause betting
            </Button>
          )}
          {state.kind === 'paused' && (
            <Button className="btn-small" busy={busy} onClick={() => void setBetting(true)}>
              Open betting
            </Button>
          )}
          {(state.kind === 'open' || state.kind === 'paused') && (
            <Button variant="secondary" className="btn-small" onClick={() => onDecide({ kind: 'reschedule', event })}>
              Reschedule
            </Button>
          )}
          {/* Once scored live it has been played: a result or a void, not a new date. */}
          {!event.liveScore && (
            <Button variant="secondary" className="btn-small" onPointerEnter={preloadFixes} onFocus={preloadFixes} onClick={() => onFix({ kind: 'postpone', event })}>
              Postpone
            </Button>
          )}
          {state.kind === 'started' || disputed ? (
            // Being played: the result is one tap to the dialog with the winner (or the draw) chosen, and one to confirm.
            <>
              {event.teams.map((team) => (
                <Button key={team._id} className="btn-small" onClick={() => onDecide({ kind: 'winner', event, winnerTeamId: team._id })}>
                  {team.teamName} won
                </Button>
              ))}
              {drawAllowed(resultMatch(event, rules.sport)) && (
                <Button className="btn-small" onClick={() => onDecide({ kind: 'winner', event, draw: true })}>
                  Draw
                </Button>
              )}
            </>
          ) : (
            <Button variant="secondary" className="btn-small" onClick={() => onDecide({ kind: 'winner', event })}>
              Declare winner
            </Button>
          )}
          {onScorerLink && !disputed && (
            <Button variant="secondary" className="btn-small" onClick={() => onScorerLink(event)}>
              Scorer link
            </Button>
          )}
          <Button variant="secondary" className="btn-small operator-danger" onClick={() => onDecide({ kind: 'void', event })}>
            Void
          </Button>
          <Button variant="secondary" className="btn-small" onPointerEnter={preloadFixes} onFocus={preloadFixes} onClick={() => onFix({ kind: 'edit', event })}>
            Edit
          </Button>
          <Button variant="secondary" className="btn-small operator-danger" onPointerEnter={preloadFixes} onFocus={preloadFixes} onClick={() => onFix({ kind: 'delete', event })}>
            Delete
          </Button>
        </div>
      )}
      <FormError message={error} />
      {canCorrect(event, new Date()) && (
        <div className="operator-actions">
          <Button variant="secondary" className="btn-small" onClick={() => onCorrect(event)}>
            Correct result
          </Button>
        </div>
      )}
    </>
  );
}

/** When it was meant to start, for a postponed match: 'Postponed from 6:00 pm IST · 3 Feb'. */
function PostponedFrom({ event }: { event: GameEvent }) {
  if (!event.postponedFrom) return null;
  return (
    <span className="operator-row-meta operator-postponed">
      Postponed from{' '}
      <time dateTime={event.postponedFrom}>
        {formatTimeWithZone(event.postponedFrom)} · {formatDate(event.postponedFrom)}
      </time>
    </span>
  );
}

/** A decided match's score (or walkover, or note) under its status, when there is more to say. */
function ResultLine({ event, rules }: { event: GameEvent; rules: SportRules }) {
  const line = resultLine(event, rules.scoreUnit);
  return line ? <span className="operator-row-meta operator-result-line">{line}</span> : null;
}

function EventRow(props: EventRowProps) {
  const { event, rules, onDecide, provisionals } = props;
  const state = eventState(event, new Date());
  return (
    <li>
      <article className="operator-event" aria-label={matchName(event)}>
        <div className="operator-row-main">
          {event.stage && <span className="operator-row-tag">{matchLabel(event.stage, event.matchKey)}</span>}
          <h3 className="operator-row-title">{event.teams.map((team) => team.teamName).join(' vs ')}</h3>
          <p className="operator-row-meta">
            <time dateTime={event.time}>
              {formatTimeWithZone(event.time)} · {formatDate(event.time)}
            </time>
            {event.venue && <> · {event.venue}</>}
          </p>
          <PostponedFrom event={event} />
          <span className={`status-chip status-${state.kind}`}>{eventStateLabel(state)}</span>
          <ResultLine event={event} rules={rules} />
          {state.kind === 'pending' && <PendingLine event={event} provisional={provisionals.get(event._id)} rules={rules} />}
          {state.kind === 'started' && <LiveScorer event={event} rules={rules} onEnd={(score) => onDecide({ kind: 'winner', event, score })} />}
          <EventHistory event={event} />
        </div>
        <EventActions {...props} />
      </article>
    </li>
  );
}

/** A match day's order: the referees' results to confirm, the results to record, then what comes next; the decided ones folded away. */
const MATCH_DAY_GROUPS = [
  { key: 'pending', title: 'Results to confirm', folded: false },
  { key: 'now', title: 'Being played', folded: false },
  { key: 'next', title: 'Next', folded: false },
  { key: 'decided', title: 'Decided', folded: true },
] as const;

/** How often a match day being played is read again: a referee's score or result shows without a reload. */
const PLAYING_REFRESH_MS = 30_000;

/** Reads the matches again now and then while `playing` and the page is in view. */
function useRefreshWhilePlaying(tournamentId: string, playing: boolean) {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      void mutate(eventListKey(tournamentId));
      void mutate([TOURNAMENT_MATCHES_KEY, tournamentId]);
    }, PLAYING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [tournamentId, playing, mutate]);
}

/** The referees' results waiting, by match: the organisers' list of the matches carries them (the public one only says one waits). */
function useProvisionals(tournamentId: string): ReadonlyMap<string, ProvisionalResult> {
  const { data } = useTournamentMatches(tournamentId);
  return useMemo(() => new Map((data ?? []).flatMap((match) => (match.provisional ? [[match._id, match.provisional] as const] : []))), [data]);
}

/** The matches, as cards on a phone and as a table on a laptop, and the dialogs their buttons open. */
export default function EventList({
  tournamentId,
  sport,
  events,
  laptop,
  onScorerLink,
}: {
  tournamentId: string;
  sport: Sport | undefined;
  events: GameEvent[];
  laptop: boolean;
  onScorerLink?: (event: GameEvent) => void;
}) {
  const rules = sportRules(sport);
  const provisionals = useProvisionals(tournamentId);
  const [decision, setDecision] = useState<EventDecision | null>(null);
  const [correcting, setCorrecting] = useState<GameEvent | null>(null);
  const [fix, setFix] = useState<MatchFix | null>(null);
  decisionDialog.usePreloadWhenIdle();
  correctionDialog.usePreloadWhenIdle();
  const EventDecisionDialog = decisionDialog.useModule(decision !== null, () => setDecision(null))?.EventDecisionDialog;
  const CorrectResultDialog = correctionDialog.useModule(correcting !== null, () => setCorrecting(null))?.CorrectResultDialog;
  const fixes = matchDialogs.useModule(fix !== null, () => setFix(null));
  // Read at each render: a match passing its start moves to 'Being played' at the next change or refresh.
  const day = matchDay(events, new Date());
  useRefreshWhilePlaying(tournamentId, day.now.length + day.pending.length > 0);
  // What every row does, laptop table or phone list alike.
  const rowActions = { rules, onDecide: setDecision, onCorrect: setCorrecting, onFix: setFix, provisionals, onScorerLink };
  return (
    <>
      {events.length === 0 ? (
        <EmptyState icon={<CalendarIcon size={28} />} title="No matches scheduled" />
      ) : (
        MATCH_DAY_GROUPS.map(({ key, title, folded }) => {
          const group = day[key];
          if (group.length === 0) return null;
          const matches = laptop ? (
            <EventTable
              caption={title}
              events={group}
              {...rowActions}
              editor={
                fixes && fix?.kind === 'edit' && fix.inRow
                  ? (event, status) => <fixes.EditMatchRow key={event._id} tournamentId={tournamentId} event={event} status={status} onClose={() => setFix(null)} />
                  : null
              }
              editing={fix?.kind === 'edit' && fix.inRow ? fix.event._id : null}
            />
          ) : (
            <ul className="operator-list">
              {group.map((event) => (
                <EventRow key={event._id} event={event} {...rowActions} />
              ))}
            </ul>
          );
          return folded ? (
            <details key={key} className="match-day-group match-day-folded">
              <summary className="match-day-title">
                {title} ({group.length})
              </summary>
              {matches}
            </details>
          ) : (
            <section key={key} className="match-day-group" aria-labelledby={`match-day-${key}`}>
              <h3 id={`match-day-${key}`} className="match-day-title">
                {title} ({group.length})
              </h3>
              {matches}
            </section>
          );
        })
      )}
      {/* The knockout matches the list above leaves out until their teams are known. */}
      <Suspense fallback={null}>
        <WaitingMatches tournamentId={tournamentId} laptop={laptop} />
      </Suspense>
      <Suspense fallback={null}>
        <ReplacedMatches tournamentId={tournamentId} />
      </Suspense>
      {EventDecisionDialog && <EventDecisionDialog decision={decision} sport={sport} onClose={() => setDecision(null)} />}
      {CorrectResultDialog && <CorrectResultDialog event={correcting} sport={sport} onClose={() => setCorrecting(null)} />}
      {fixes && <fixes.EditMatchDialog tournamentId={tournamentId} event={fix?.kind === 'edit' && !fix.inRow ? fix.event : null} onClose={() => setFix(null)} />}
      {fixes && <fixes.PostponeMatchDialog event={fix?.kind === 'postpone' ? fix.event : null} onClose={() => setFix(null)} />}
      {fixes && <fixes.DeleteMatchDialog event={fix?.kind === 'delete' ? fix.event : null} onClose={() => setFix(null)} />}
    </>
  );
}

interface EventTableProps extends Omit<EventRowProps, 'event'> {
  caption: string;
  events: readonly GameEvent[];
  /** The match whose row is being edited, if one is. */
  editing: string | null;
  /** Its row in edit (match-dialogs.tsx), once that chunk is here; the row stays as it is until then. */
  editor: ((event: GameEvent, status: ReactNode) => ReactNode) | null;
}

/** On a laptop: the matches as a table, a row each, with the cards' actions; Edit edits the row in place. */
function EventTable({ caption, events, editing, editor, onFix, ...handlers }: EventTableProps) {
  const fixInRow = (fix: MatchFix) => onFix({ ...fix, inRow: fix.kind === 'edit' });
  return (
    <div className="table-frame">
      <table className="console-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Match</th>
            <th scope="col">Stage and venue</th>
            <th scope="col">Betting</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            const state = eventState(event, new Date());
            const status = <span className={`status-chip status-${state.kind}`}>{eventStateLabel(state)}</span>;
            if (editing === event._id && editor) return editor(event, status);
            return (
              <tr key={event._id}>
                <td className="table-number">
                  <time dateTime={event.time}>
                    {formatDate(event.time)}
                    <br />
                    {formatTimeWithZone(event.time)}
                  </time>
                  <PostponedFrom event={event} />
                </td>
                <th scope="row">
                  {event.teams.map((team) => team.teamName).join(' vs ')}
                  <ResultLine event={event} rules={handlers.rules} />
                  {state.kind === 'pending' && <PendingLine event={event} provisional={handlers.provisionals.get(event._id)} rules={handlers.rules} />}
                  <EventHistory event={event} />
                </th>
                <td className="table-muted">{[matchLabel(event.stage, event.matchKey), event.venue].filter(Boolean).join(' · ') || '–'}</td>
                <td>{status}</td>
                <td>
                  {state.kind === 'started' && <LiveScorer event={event} rules={handlers.rules} onEnd={(score) => handlers.onDecide({ kind: 'winner', event, score })} />}
                  <div className="table-actions">
                    <EventActions event={event} onFix={fixInRow} {...handlers} />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
