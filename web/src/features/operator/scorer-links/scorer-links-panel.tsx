// The tournament's scorer links, under the match day (matches/events-page.tsx): each with what it reaches
// and until when it works, Copy link, its QR code (shown, and printed one a page), Share and Revoke; the
// revoked and expired ones after them, said as such. 'New scorer link' makes one for a court and/or a
// day, or for a match from its row. A chunk of its own, with the QR renderer in another: the match day's
// first paint needs neither (the first-visit budget, docs/benchmarks.md).
import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { GameEvent, ScorerLink } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../../components/button.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useEventList } from '../../../lib/game/get-event-list.ts';
import { ActionDialog } from '../action-dialog.tsx';
import { useDialogAction } from '../use-server-action.ts';
import { revokeScorerLink, useScorerLinks } from './api/scorer-links.ts';
import { linksInOrder, linkState, linkTimes, scopeLabel } from './link-draft.ts';
import { LinkQr, PrintSheets, readyToPrint } from './link-qr.tsx';
import { canShare, copyLink, shareLink } from './link-share.tsx';
import { NewLinkDialog, type NewLinkRequest } from './new-link-dialog.tsx';
import { StandTime } from './stand-time.tsx';
import './scorer-links.css';

const STATE_LABELS = { revoked: 'Revoked', expired: 'Expired' } as const;

interface LinkRowProps {
  link: ScorerLink;
  events: readonly GameEvent[];
  qrShown: boolean;
  onToggleQr: () => void;
  onPrint: () => void;
  onRevoke: () => void;
}

function LinkRow({ link, events, qrShown, onToggleQr, onPrint, onRevoke }: LinkRowProps) {
  const state = linkState(link);
  const qrId = `scorer-qr-${link.id}`;
  return (
    <li>
      <article className="operator-row scorer-link" aria-label={link.name}>
        <div className="operator-row-main">
          <h3 className="operator-row-title">
            {link.name}
            {state !== 'working' && <span className="status-chip status-void">{STATE_LABELS[state]}</span>}
          </h3>
          <p className="operator-row-meta">{scopeLabel(link.scope, events)}</p>
          <p className="operator-row-meta">{linkTimes(link)}</p>
        </div>
        {state === 'working' && (
          <div className="operator-actions">
            <Button className="btn-small" onClick={() => void copyLink(link)}>
              Copy link
            </Button>
            <Button variant="secondary" className="btn-small" aria-expanded={qrShown} aria-controls={qrShown ? qrId : undefined} onClick={onToggleQr}>
              {qrShown ? 'Hide QR' : 'Show QR'}
            </Button>
            {canShare() && (
              <Button variant="secondary" className="btn-small" onClick={() => void shareLink(link)}>
                Share
              </Button>
            )}
            <Button variant="secondary" className="btn-small operator-danger" onClick={onRevoke}>
              Revoke
            </Button>
          </div>
        )}
        {state === 'working' && qrShown && (
          <div id={qrId} className="scorer-link-qr">
            <LinkQr link={link} />
            <Button variant="secondary" className="btn-small" onClick={onPrint}>
              Print QR
            </Button>
          </div>
        )}
      </article>
    </li>
  );
}

/** 'Revoke': the referee's page stops working at once; what they sent stays. */
function RevokeDialog({ tournamentId, link, onClose }: { tournamentId: string; link: ScorerLink | null; onClose: () => void }) {
  const { busy, error, close, submit } = useDialogAction(onClose);
  return (
    <ActionDialog
      open={link !== null}
      title="Revoke this scorer link?"
      description="It stops working at once: the referee can no longer keep the score with it. The scores and results they sent stay."
      submitLabel="Revoke link"
      busy={busy}
      error={error}
      onClose={close}
      onSubmit={() => link && void submit(() => revokeScorerLink(tournamentId, link.id), MSG.scorerLinkRevoked, () => {})}
    >
      {link && <p className="operator-dialog-match">{link.name}</p>}
    </ActionDialog>
  );
}

interface ScorerLinksPanelProps {
  tournamentId: string;
  /** The 'New scorer link' form asked for, or null. */
  newLink: NewLinkRequest | null;
  onNewLink: (request: NewLinkRequest | null) => void;
}

export default function ScorerLinksPanel({ tournamentId, newLink, onNewLink }: ScorerLinksPanelProps) {
  const { data: links, error } = useScorerLinks(tournamentId);
  const events = useEventList(tournamentId) ?? [];
  const [qrShown, setQrShown] = useState<ReadonlySet<string>>(new Set());
  const [revoking, setRevoking] = useState<ScorerLink | null>(null);
  const [printing, setPrinting] = useState<readonly ScorerLink[] | null>(null);
  const ordered = linksInOrder(links ?? []);
  const working = ordered.filter((link) => linkState(link) === 'working');
  const toggleQr = (id: string, shown: boolean) =>
    setQrShown((now) => {
      const next = new Set(now);
      if (shown) next.add(id);
      else next.delete(id);
      return next;
    });
  // The pages printed: those asked for, drawn before the print starts; else the codes shown (a print from the browser's menu).
  const print = async (chosen: readonly ScorerLink[]) => {
    await readyToPrint(chosen).catch(() => {});
    flushSync(() => setPrinting(chosen));
    window.addEventListener('afterprint', () => setPrinting(null), { once: true });
    window.print();
  };

  return (
    <section className="card scorer-links" aria-labelledby="scorer-links-title">
      <div className="scorer-links-head">
        <h2 id="scorer-links-title">Scorer links</h2>
        <Button className="btn-small" onClick={() => onNewLink({ match: null })}>
          New scorer link
        </Button>
      </div>
      <p className="operator-row-meta">
        A referee opens the link, with no account, to keep the live score and end the match. Their result waits here for you to confirm.
      </p>
      <StandTime tournamentId={tournamentId} />
      {error ? (
        <p className="operator-row-meta">The scorer links could not be loaded.</p>
      ) : !links ? (
        <LoadingBlock label="Loading scorer links" />
      ) : links.length === 0 ? (
        <p className="scorer-links-empty">No scorer links yet. Make one for a court or a day here, or for one match from its row above.</p>
      ) : (
        <ul className="operator-list" aria-label="Scorer links">
          {ordered.map((link) => (
            <LinkRow
              key={link.id}
              link={link}
              events={events}
              qrShown={qrShown.has(link.id)}
              onToggleQr={() => toggleQr(link.id, !qrShown.has(link.id))}
              onPrint={() => void print([link])}
              onRevoke={() => setRevoking(link)}
            />
          ))}
        </ul>
      )}
      {working.length > 1 && (
        <Button variant="secondary" className="btn-small scorer-print-all" onClick={() => void print(working)}>
          Print all QR codes ({working.length})
        </Button>
      )}
      <NewLinkDialog
        tournamentId={tournamentId}
        request={newLink}
        events={events}
        onCreated={(link) => toggleQr(link.id, true)}
        onPrint={(link) => void print([link])}
        onClose={() => onNewLink(null)}
      />
      <RevokeDialog tournamentId={tournamentId} link={revoking} onClose={() => setRevoking(null)} />
      <PrintSheets links={printing ?? working.filter((link) => qrShown.has(link.id))} />
    </section>
  );
}
