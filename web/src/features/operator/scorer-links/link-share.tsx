// Handing a scorer link to a referee: copy it (to paste in a chat), share it (the phone's share sheet,
// where there is one) or print its QR code to tape by the court.
import type { ScorerLink } from '#shared/api.ts';
import { Button } from '../../../components/button.tsx';
import { toast } from '../../../lib/toast.ts';

export async function copyLink(link: ScorerLink) {
  try {
    await navigator.clipboard.writeText(link.url);
    toast.short.success(`Link copied: ${link.name}`);
  } catch {
    toast.short.error('Could not copy the link. Show its QR code, or share it');
  }
}

export const canShare = () => typeof navigator.share === 'function';

export async function shareLink(link: ScorerLink) {
  try {
    await navigator.share({ title: `Scorer link: ${link.name}`, text: 'Open it to keep the score (no account needed).', url: link.url });
  } catch (error) {
    // Closing the share sheet is not a failure.
    if (!(error instanceof DOMException && error.name === 'AbortError')) toast.short.error('Could not share the link. Copy it instead');
  }
}

/** Copy, Share and Print of a link just made. */
export function LinkShareActions({ link, onPrint }: { link: ScorerLink; onPrint: () => void }) {
  return (
    <div className="operator-actions">
      <Button className="btn-small" onClick={() => void copyLink(link)}>
        Copy link
      </Button>
      {canShare() && (
        <Button variant="secondary" className="btn-small" onClick={() => void shareLink(link)}>
          Share
        </Button>
      )}
      <Button variant="secondary" className="btn-small" onClick={onPrint}>
        Print QR
      </Button>
    </div>
  );
}
