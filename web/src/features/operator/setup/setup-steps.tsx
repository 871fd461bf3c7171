// The guided setup's frame (setup-page.tsx): the step indicator and a step's card with Back / Next, shared
// by its first steps and by the format, fixtures and publish steps (setup-plan-steps.tsx, a chunk of their own).
import type { ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/text-field.tsx';

export const SETUP_STEPS = ['Tournament', 'Teams', 'Format', 'Fixtures', 'Publish'] as const;

/** Where the steps stand: done, this one, to come. */
export function SetupSteps({ step }: { step: number }) {
  return (
    <ol className="setup-steps" aria-label={`Step ${step} of ${SETUP_STEPS.length}`}>
      {SETUP_STEPS.map((name, index) => {
        const number = index + 1;
        const state = number < step ? 'is-done' : number === step ? 'is-current' : '';
        return (
          <li key={name} className={`setup-step ${state}`} aria-current={number === step ? 'step' : undefined}>
            <span className="setup-step-number" aria-hidden="true">
              {number}
            </span>
            <span className="setup-step-name">{name}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** One step's card: its heading, its fields, the step's refusal, and Back / Next below. */
export function StepCard({
  step,
  title,
  error,
  busy = false,
  nextLabel = 'Next',
  onBack,
  onNext,
  children,
}: {
  step: number;
  title: string;
  error?: string | null;
  busy?: boolean;
  nextLabel?: string;
  onBack?: () => void;
  onNext?: () => void;
  children: ReactNode;
}) {
  return (
    <section className="card form setup-card" aria-labelledby="setup-step-title">
      <h2 id="setup-step-title">
        <span className="setup-card-step">
          Step {step} of {SETUP_STEPS.length}
        </span>
        {title}
      </h2>
      {children}
      <FormError message={error ?? null} />
      <div className="setup-nav">
        {onBack && (
          <Button variant="secondary" onClick={onBack}>
            Back
          </Button>
        )}
        {onNext && (
          <Button busy={busy} onClick={onNext}>
            {nextLabel}
          </Button>
        )}
      </div>
    </section>
  );
}

