// Toasts through notistack. notistack is loaded after the first render (it is not needed to paint the
// app), so toasts wait until its provider has mounted. The default placement comes from the provider
// (top-right, 5 s); profile and betting feedback uses the spec's short top-centre variant.
import type { OptionsObject, VariantType } from 'notistack';
import { CASH_NOTICE_MS, TOAST_SHORT_MS } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';

let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the toaster once its SnackbarProvider is mounted. */
export const markToasterReady = () => markReady();

function enqueue(message: string, options: OptionsObject) {
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
