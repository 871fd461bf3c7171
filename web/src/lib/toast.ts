// Toasts through notistack. notistack is not loaded with the app: the provider mounts it at the first
// toast or the first interaction (app/providers.tsx), and toasts wait until it has mounted. The default
// placement comes from the provider (top-right, 5 s); profile and betting feedback uses the spec's short
// top-centre variant.
import type { OptionsObject, VariantType } from 'notistack';
import { CASH_NOTICE_MS, TOAST_SHORT_MS } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';

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

function enqueue(message: string, options: OptionsObject) {
  markWanted();
  void toasterReady
    .then(() => import('notistack'))
    .then(({ enqueueSnackbar }) => enqueueSnackbar(message, options));
}

const show = (variant: VariantType) => (message: string) => enqueue(message, { variant });

const showCentred = (variant: VariantType, durationMs: number) => (message: string) =>
  enqueue(message, { variant, autoHideDuration: durationMs, anchorOrigin: { vertical: 'top', horizontal: 'center' } });

export const toast = {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
  short: {
    success: showCentred('success', TOAST_SHORT_MS),
    info: showCentred('info', TOAST_SHORT_MS),
    warning: showCentred('warning', TOAST_SHORT_MS),
    error: showCentred('error', TOAST_SHORT_MS),
  },
  /** The cash-betting notice: top-centre like the betting toasts, but up long enough to read. */
  cashNotice: () => showCentred('info', CASH_NOTICE_MS)(MSG.cashNotice),
};
