import { useCallback, useState } from 'react';
import { serverErrorMessage } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';

/**
 * Runs one operator call for a form: busy while it runs, a success toast when it worked (its text may
 * come from the answer; none for a null message), and otherwise
 * the server's own message as `error` (it names the broken rule) for the form to show beside its fields.
 * Resolves to the answer, or null when the call failed.
 */
export function useServerAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async <T,>(call: () => Promise<T>, successMessage: string | ((value: T) => string) | null): Promise<{ value: T } | null> => {
    setBusy(true);
    setError(null);
    try {
      const value = await call();
      // null: the caller says it worked its own way (a toast with Undo).
      if (successMessage !== null) toast.success(typeof successMessage === 'string' ? successMessage : successMessage(value));
      return { value };
    } catch (failure) {
      setError(serverErrorMessage(failure, {}));
      return null;
    } finally {
      setBusy(false);
    }
  }, []);
  const clearError = useCallback(() => setError(null), []);
  return { busy, error, run, clearError };
}

/**
 * useServerAction for a dialog: `submit` runs the call and, once it worked, re-reads what it changed and
 * closes the dialog; closing also clears the last refusal, so a reopened dialog starts clean.
 */
export function useDialogAction(onClose: () => void) {
  const { busy, error, run, clearError } = useServerAction();
  const close = () => {
    clearError();
    onClose();
  };
  const submit = async <T,>(call: () => Promise<T>, successMessage: string | ((value: T) => string) | null, refresh: (value: T) => unknown) => {
    const done = await run(call, successMessage);
    if (!done) return;
    refresh(done.value);
    close();
  };
  return { busy, error, close, submit };
}
