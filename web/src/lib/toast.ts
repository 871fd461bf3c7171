// Toasts through notistack. notistack is loaded after the first render (it is not needed to paint the
// app), so toasts wait until its provider has mounted. The default placement comes from the provider
// (top-right, 5 s); profile and betting feedback uses the spec's short top-centre variant.
import type { OptionsObject, VariantType } from 'notistack';
import { TOAST_SHORT_MS } from '#shared/constants.ts';

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

const showShort = (variant: VariantType) => (message: string) =>
  enqueue(message, { variant, autoHideDuration: TOAST_SHORT_MS, anchorOrigin: { vertical: 'top', horizontal: 'center' } });

export const toast = {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
  short: {
    success: showShort('success'),
    info: showShort('info'),
    warning: showShort('warning'),
    error: showShort('error'),
  },
};
