// Sharing a link: the device's share sheet (Web Share API) where there is one, else the link copied to
// the clipboard with a short toast saying so.
import { MSG } from '#shared/messages.ts';
import { toast } from './toast.ts';

export interface ShareTarget {
  title: string;
  text: string;
  /** A path on this origin or an absolute URL. */
  url: string;
  /** The toast when the link was copied instead (default 'Link copied'). */
  copiedMessage?: string;
}

export async function shareLink({ title, text, url, copiedMessage = MSG.linkCopied }: ShareTarget): Promise<void> {
  const absolute = new URL(url, window.location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url: absolute });
      return;
    } catch (error) {
      // Closing the share sheet is the user's choice, not a failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(absolute);
    toast.short.success(copiedMessage);
  } catch {
    toast.short.error(MSG.unableToShare);
  }
}
