// The foot of a console dialog that edits a list (a tournament's hostels, its organisers): one field to
// add an entry, the server's refusal, and Done beside the add button.
import type { InputHTMLAttributes, ReactNode } from 'react';
import { TextField } from '../../components/text-field.tsx';
import { DialogForm } from './action-dialog.tsx';

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
  return (
    <DialogForm submitLabel={submitLabel} busy={busy} error={error} dismissLabel="Done" onDismiss={onDone} onSubmit={onSubmit}>
      <TextField label={label} hint={hint} {...field} />
    </DialogForm>
  );
}
