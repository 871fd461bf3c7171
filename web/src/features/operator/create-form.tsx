import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/button.tsx';
import { FormError } from '../../components/text-field.tsx';

interface CreateFormProps {
  title: string;
  submitLabel: string;
  busy: boolean;
  /** The server's refusal, shown above the button. */
  error: string | null;
  onSubmit: () => void;
  children: ReactNode;
}

/** The card at the top of a console screen that creates something new. */
export function CreateForm({ title, submitLabel, busy, error, onSubmit, children }: CreateFormProps) {
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
      <FormError message={error} />
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
