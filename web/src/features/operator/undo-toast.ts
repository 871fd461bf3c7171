// A change done at once, without asking first, with an 'Undo' button on its toast (a match's betting
// paused): here, not in lib/toast.ts, so the button's code is in the console's chunks, not the app's first.
import { createElement } from 'react';
import { TOAST_DEFAULT_MS } from '#shared/constants.ts';
import { enqueue } from '../../lib/toast.ts';

/**
 * Shows `message` for `durationMs` with 'Undo', which closes the toast and calls `undo`. Make `message`
 * name what changed, so two such toasts are never taken for one repeated message.
 */
export function undoableToast(message: string, undo: () => void, durationMs: number = TOAST_DEFAULT_MS) {
  enqueue(message, {
    variant: 'success',
    autoHideDuration: durationMs,
    action: (key) =>
      createElement(
        'button',
        {
          type: 'button',
          className: 'toast-action',
          onClick: () => {
            void import('notistack').then(({ closeSnackbar }) => closeSnackbar(key));
            undo();
          },
        },
        'Undo',
      ),
  });
}
