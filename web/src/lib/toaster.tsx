// The notistack provider, loaded lazily by the app providers (see toast.ts).
import { useEffect } from 'react';
import { SnackbarProvider } from 'notistack';
import { TOAST_DEFAULT_MS } from '#shared/constants.ts';
import { markToasterReady } from './toast.ts';

export default function Toaster() {
  useEffect(markToasterReady, []);
  return (
    // One place for all toasts, so they stack instead of overlapping: at the bottom, away from the top
    // bar, the page's heading and its tabs (global.css).
    <SnackbarProvider
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      classes={{ containerRoot: 'toast-stack' }}
      autoHideDuration={TOAST_DEFAULT_MS}
      maxSnack={3}
      preventDuplicate
    />
  );
}
