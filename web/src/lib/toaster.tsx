// The notistack provider, loaded lazily by the app providers (see toast.ts).
import { useEffect } from 'react';
import { SnackbarProvider } from 'notistack';
import { TOAST_DEFAULT_MS } from '#shared/constants.ts';
import { markToasterReady } from './toast.ts';

export default function Toaster() {
  useEffect(markToasterReady, []);
  return (
    <SnackbarProvider
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      autoHideDuration={TOAST_DEFAULT_MS}
      maxSnack={3}
      preventDuplicate
    />
  );
}
