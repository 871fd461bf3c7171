// 'New scorer link': its name, what it reaches (the match whose row asked, or a court and/or a day of the
// tournament's matches) and how long it lasts; once made, its QR code with Copy, Share and Print at once,
// so the referee can scan it there and then.
import { useState } from 'react';
import type { GameEvent, ScorerLink } from '#shared/api.ts';
import { SCORER_LINK_NAME_MAX_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { DialogForm } from '../action-dialog.tsx';
import { useServerAction } from '../use-server-action.ts';
import { createScorerLink } from './api/scorer-links.ts';
import { dayLabel, firstDraft, hoursLabel, LINK_HOURS, type LinkDraft, linkPlaces, linkRequest, linkTimes, matchTitle, scopeLabel, withScope } from './link-draft.ts';
import { LinkQr } from './link-qr.tsx';
import { LinkShareActions } from './link-share.tsx';

/** The form asked for: from a match's row (that match), or from the panel (a court and/or a day). */
export interface NewLinkRequest {
  match: GameEvent | null;
}

interface NewLinkDialogProps {
  tournamentId: string;
  /** Null while closed; each new request opens a fresh form. */
  request: NewLinkRequest | null;
  events: readonly GameEvent[];
  onCreated: (link: ScorerLink) => void;
  onPrint: (link: ScorerLink) => void;
  onClose: () => void;
}

export function NewLinkDialog({ tournamentId, request, events, onCreated, onPrint, onClose }: NewLinkDialogProps) {
  const [draft, setDraft] = useState<LinkDraft>(() => firstDraft(null));
  const [created, setCreated] = useState<ScorerLink | null>(null);
  const [tried, setTried] = useState(false);
  const [openedFor, setOpenedFor] = useState<NewLinkRequest | null>(null);
  const { busy, error, run, clearError } = useServerAction();
  // A new request starts a fresh form; closed, the dialog keeps what it showed while it fades out.
  if (request && request !== openedFor) {
    setOpenedFor(request);
    setDraft(firstDraft(request.match));
    setCreated(null);
    setTried(false);
    clearError();
  }
  const match = openedFor?.match ?? null;
  const { venues, days } = linkPlaces(events);
  const verdict = linkRequest(draft, match);
  const change = (scope: Partial<Pick<LinkDraft, 'reach' | 'venue' | 'day'>>) => setDraft(withScope(draft, scope, match));

  const submit = async () => {
    setTried(true);
    if (verdict.kind !== 'ready') return;
    const done = await run(() => createScorerLink(tournamentId, verdict.request), MSG.scorerLinkCreated);
    if (!done) return;
    setCreated(done.value);
    onCreated(done.value);
  };

  return (
    <Dialog
      open={request !== null}
      title={created ? 'Scorer link ready' : 'New scorer link'}
      description={created ? 'Let the referee scan it, or send it to them. It opens their score keeper: no account needed.' : undefined}
      onClose={onClose}
    >
      {created ? (
        <div className="scorer-created">
          <p className="operator-dialog-match">{created.name}</p>
          <p className="operator-row-meta">
            {scopeLabel(created.scope, events)} · {linkTimes(created)}
          </p>
          <LinkQr link={created} />
          <LinkShareActions link={created} onPrint={() => onPrint(created)} />
          <div className="operator-dialog-actions">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <DialogForm submitLabel="Make link" busy={busy} error={error ?? (tried && verdict.kind === 'problem' ? verdict.problem : null)} dismissLabel="Cancel" onDismiss={onClose} onSubmit={() => void submit()}>
          {match && (
            <fieldset className="operator-choices">
              <legend className="field-label">What it scores</legend>
              <label className="operator-choice">
                <input type="radio" name="reach" checked={draft.reach === 'match'} onChange={() => change({ reach: 'match' })} />
                This match: {matchTitle(match)}
              </label>
              <label className="operator-choice">
                <input type="radio" name="reach" checked={draft.reach === 'place'} onChange={() => change({ reach: 'place' })} />A court or a day
              </label>
            </fieldset>
          )}
          {draft.reach === 'place' && (
            <div className="operator-pair">
              <SelectField label="Court" value={draft.venue} onChange={(e) => change({ venue: e.target.value })} hint={venues.length === 0 ? 'No match has a venue yet.' : undefined}>
                <option value="">Every court</option>
                {venues.map((venue) => (
                  <option key={venue} value={venue}>
                    {venue}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Day" value={draft.day} onChange={(e) => change({ day: e.target.value })}>
                <option value="">Every day</option>
                {days.map((day) => (
                  <option key={day} value={day}>
                    {dayLabel(day)}
                  </option>
                ))}
              </SelectField>
            </div>
          )}
          <TextField
            label="Name"
            name="scorer-link-name"
            autoComplete="off"
            maxLength={SCORER_LINK_NAME_MAX_LENGTH}
            value={draft.name}
            hint="The referee sees it, and the results they send say it."
            onChange={(e) => setDraft({ ...draft, name: e.target.value, nameTyped: true })}
          />
          <SelectField label="Lasts" value={String(draft.hours)} onChange={(e) => setDraft({ ...draft, hours: Number(e.target.value) })}>
            {LINK_HOURS.map((hours) => (
              <option key={hours} value={hours}>
                {hoursLabel(hours)}
              </option>
            ))}
          </SelectField>
        </DialogForm>
      )}
    </Dialog>
  );
}
