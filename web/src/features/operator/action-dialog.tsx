import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { FormError } from '../../components/text-field.tsx';

interface ActionDialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  busy: boolean;
  /** The server's refusal, shown above the buttons. */
  error: string | null;
  onClose: () => void;
  onSubmit: () => void;
  /** The action is greyed out while what the fields hold would be refused (the fields say why). */
  submitDisabled?: boolean;
  /** The fields; none for a plain confirmation. */
  children?: ReactNode;
}

/** Every console edit and decision: a dialog with a small form, and Cancel beside the action. */
export function ActionDialog({ open, title, description, submitLabel, busy, error, onClose, onSubmit, submitDisabled, children }: ActionDialogProps) {
  return (
    <Dialog open={open} title={title} description={description} onClose={onClose}>
      <DialogForm submitLabel={submitLabel} busy={busy} error={error} dismissLabel="Cancel" onDismiss={onClose} onSubmit={onSubmit} submitDisabled={submitDisabled}>
        {children}
      </DialogForm>
    </Dialog>
  );
}

interface DialogFormProps {
  submitLabel: string;
  busy: boolean;
  error: string | null;
  /** 'Cancel' for a one-off action, 'Done' for a list edited in place. */
  dismissLabel: string;
  onDismiss: () => void;
  onSubmit: () => void;
  submitDisabled?: boolean;
  children?: ReactNode;
}

/** A console dialog's form: its fields, the server's refusal, and the dismiss button beside the action. */
export function DialogForm({ submitLabel, busy, error, dismissLabel, onDismiss, onSubmit, submitDisabled = false, children }: DialogFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Enter in a field submits too: a disabled action stays so.
    if (!submitDisabled) onSubmit();
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      {children}
      <FormError message={error} />
      <div className="operator-dialog-actions">
        <Button variant="secondary" onClick={onDismiss}>
          {dismissLabel}
        </Button>
        <Button type="submit" busy={busy} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
