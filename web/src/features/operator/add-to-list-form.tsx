// The foot of a console dialog that edits a list (a tournament's hostels, its organisers): one field to
// add an entry, the server's refusal, and Done beside the add button.
import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import { Button } from '../../components/button.tsx';
import { FormError, TextField } from '../../components/text-field.tsx';

interface AddToListFormProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onSubmit'> {
  label: string;
  hint?: ReactNode;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: () => void;
  onDone: () => void;
}

export function AddToListForm({ label, hint, submitLabel, busy, error, onSubmit, onDone, ...field }: AddToListFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField label={label} hint={hint} {...field} />
      <FormError message={error} />
      <div className="operator-dialog-actions">
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
