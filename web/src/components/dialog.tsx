import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { POPUP_CLOSE_MS } from '#shared/constants.ts';
import { CloseIcon } from './icons.tsx';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Optional text under the title, linked as the dialog's description. */
  description?: ReactNode;
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A modal on the native <dialog> element: the browser traps focus, closes on Escape and puts it in the
 * top layer. A click on the backdrop closes it too; page scrolling is locked while it is open (not while it
 * fades out). On close it fades out for POPUP_CLOSE_MS before unmounting (at once when the user asks for
 * reduced motion).
 */
export function Dialog({ open, title, onClose, children, description }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [rendered, setRendered] = useState(open);
  if (open && !rendered) setRendered(true);
  const closing = rendered && !open;

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => setRendered(false), prefersReducedMotion() ? 0 : POPUP_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [closing]);

  // Layout effects: the dialog opens and the page's scroll is locked before paint. The lock is released as
  // the dialog starts to close, not when it has faded out: a release the user can no longer see coming
  // (the page reflowed, a phone's toolbar moved, a scroll event) would otherwise land on what they did
  // meanwhile, e.g. shut the account menu opened during the fade.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !rendered) return;
    dialog.showModal();
    return () => dialog.close();
  }, [rendered]);
  useLayoutEffect(() => {
    if (!open) return;
    document.body.classList.add('scroll-locked');
    return () => document.body.classList.remove('scroll-locked');
  }, [open]);

  if (!rendered) return null;
  return (
    <dialog
      ref={ref}
      className={closing ? 'dialog is-closing' : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog-panel">
        <div className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label="Close dialog">
            <CloseIcon />
          </button>
        </div>
        {description && (
          <div id={descriptionId} className="dialog-description">
            {description}
          </div>
        )}
        {children}
      </div>
    </dialog>
  );
}
