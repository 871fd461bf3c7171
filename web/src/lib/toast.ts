// Toasts through notistack. notistack is not loaded with the app: the provider mounts it at the first
// toast or the first interaction (app/providers.tsx), and toasts wait until it has mounted. Every toast
// shows at the bottom, centred, stacked (toaster.tsx): never over the top bar, a heading or tabs.
// Feedback about the page on screen (the short variant and the cash notice) belongs to that page: it is
// closed when the user moves to another one.
import type { OptionsObject, SnackbarKey, VariantType } from 'notistack';
import { CASH_NOTICE_MS, TOAST_SHORT_MS } from '#shared/constants.ts';
import * as MSG from '#shared/shell-messages.ts';

let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the toaster once its SnackbarProvider is mounted. */
export const markToasterReady = () => markReady();

let markWanted: () => void = () => {};
const toasterWanted = new Promise<void>((resolve) => {
  markWanted = resolve;
});

/** Resolves at the first toast: the providers then load and mount the toaster. */
export const whenToasterWanted = () => toasterWanted;

/**
 * The toasts that belong to a page: that page's path and, once shown, notistack's key. notistack picks
 * the keys, so its preventDuplicate still recognises a repeated message.
 */
const pageToasts = new Map<number, { page: string; key?: SnackbarKey }>();
let nextId = 0;

/**
 * `page`: the path of the page the toast belongs to, or null for one that may follow the user. Exported
 * for toasts with an action of their own (features/operator/undo-toast.ts), kept out of the app's first chunk.
 */
export function enqueue(message: string, options: OptionsObject, page: string | null = null) {
  markWanted();
  const id = nextId++;
  if (page !== null) pageToasts.set(id, { page });
  void toasterReady
    .then(() => import('notistack'))
    .then(({ enqueueSnackbar }) => {
      const pageToast = pageToasts.get(id);
      // Closed (the user moved on) before it could show.
      if (page !== null && !pageToast) return;
      const key = enqueueSnackbar(message, { ...options, onExited: () => pageToasts.delete(id) });
      if (pageToast) pageToast.key = key;
    });
}

/** Closes the toasts of pages other than the one at `pathname` (called on every navigation). */
export function closeOtherPagesToasts(pathname: string) {
  const leaving = [...pageToasts].filter(([, toast]) => toast.page !== pathname);
  if (leaving.length === 0) return;
  leaving.forEach(([id]) => pageToasts.delete(id));
  const keys = leaving.flatMap(([, toast]) => (toast.key === undefined ? [] : [toast.key]));
  void import('notistack').then(({ closeSnackbar }) => keys.forEach((key) => closeSnackbar(key)));
}

const show = (variant: VariantType) => (message: string) => enqueue(message, { variant });

/**
 * The spec's short toast about the current page. `page` names another page it belongs to instead, when
 * the action that toasts also goes there (a withdrawal sent, then the wallet).
 */
const showShort =
  (variant: VariantType, durationMs: number) =>
  (message: string, page: string = window.location.pathname) =>
    enqueue(message, { variant, autoHideDuration: durationMs }, page);

export const toast = {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
  short: {
    success: showShort('success', TOAST_SHORT_MS),
    info: showShort('info', TOAST_SHORT_MS),
    warning: showShort('warning', TOAST_SHORT_MS),
    error: showShort('error', TOAST_SHORT_MS),
  },
  /** The cash-betting notice: like the betting toasts, but up long enough to read. */
  cashNotice: () => showShort('info', CASH_NOTICE_MS)(MSG.cashNotice),
};
