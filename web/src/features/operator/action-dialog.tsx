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
  /** The fields; none for a plain confirmation. */
  children?: ReactNode;
}

/** Every console edit and decision: a dialog with a small form, and Cancel beside the action. */
export function ActionDialog({ open, title, description, submitLabel, busy, error, onClose, onSubmit, children }: ActionDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} title={title} description={description} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        {children}
        <FormError message={error} />
        <div className="operator-dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
