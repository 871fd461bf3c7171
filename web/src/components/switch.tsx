// An on/off switch (role="switch"): its label on the left, the track on the right, 44 px tall.
import type { ReactNode } from 'react';
import './switch.css';

export interface SwitchProps {
  checked: boolean;
  onToggle: () => void;
  /** A change under way: the switch waits (and says so) until it ends. */
  busy?: boolean;
  disabled?: boolean;
  /** The id of the text that explains it. */
  describedBy?: string;
  /**
   * It cannot be turned on here, but a tap still reaches onToggle (to say why): shown as disabled and
   * announced so (aria-disabled), yet focusable and tappable, unlike `disabled`.
   */
  unavailable?: boolean;
  children: ReactNode;
}

export function Switch({ checked, onToggle, busy = false, disabled = false, describedBy, unavailable = false, children }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      className="switch"
      aria-checked={checked}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      aria-disabled={unavailable || undefined}
      aria-describedby={describedBy}
      onClick={onToggle}
    >
      <span className="switch-label">{children}</span>
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
    </button>
  );
}
