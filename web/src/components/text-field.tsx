import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  /** An element placed inside the field on the right (e.g. the show/hide password toggle). */
  trailing?: ReactNode;
  /** Why the value was refused, shown under the control (and linked to it) until the value changes. */
  error?: string | null;
}

interface FieldFrameProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  id: string;
  className?: string;
  children: (describedBy: string | undefined) => ReactNode;
}

/** Label above, control, an error and an optional hint below (linked to the control as its description). */
function FieldFrame({ label, hint, error, id, className, children }: FieldFrameProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-control">{children(describedBy)}</div>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

export function TextField({ label, hint, trailing, error, id, className, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FieldFrame label={label} hint={hint} error={error} id={inputId} className={className}>
      {(describedBy) => (
        <>
          <input id={inputId} className="field-input" aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />
          {trailing}
        </>
      )}
    </FieldFrame>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: ReactNode;
}

/** A native select (the phone's own picker), styled like the text fields. */
/** The account email field, the same on every auth form (so browsers autofill it alike). */
export function EmailField({ value, onValueChange }: { value: string; onValueChange: (email: string) => void }) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
    />
  );
}

export function SelectField({ label, hint, id, className, children, ...select }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <FieldFrame label={label} hint={hint} id={selectId} className={className}>
      {(hintId) => (
        <select id={selectId} className="field-input field-select" aria-describedby={hintId} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field-toggle"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
          aria-pressed={visible}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}

/** A form-level message (validation or server answer), announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
