// The longest files start first, so that no long file starts last and runs on alone while the other
// worker idles. A clean clone has no timings of vitest's own (node_modules/.vite), and without them
// vitest keeps the glob's order. The list is the slowest files of a clean-clone run, longest first.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST_FIRST = [
  'tests/reliability/faults.test.ts',
  'tests/integration/security-bad-input.test.ts',
  'tests/integration/hot-event.test.ts',
  'tests/integration/ops.test.ts',
  'tests/integration/corrections.test.ts',
  'tests/integration/formats.test.ts',
  'tests/integration/queue-parity.test.ts',
  'tests/integration/live-cards.test.ts',
  'tests/integration/push.test.ts',
  'tests/infra/stack.test.ts',
  'tests/e2e/every-screen.test.ts',
  'tests/e2e/first-time-user.test.ts',
  'tests/e2e/operator-console.test.ts',
  'tests/e2e/live-notifications.test.ts',
];

const rank = (spec: TestSpecification): number => {
  const index = LONGEST_FIRST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
  return index === -1 ? LONGEST_FIRST.length : index;
};

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted].sort((a, b) => rank(a) - rank(b)); // stable: vitest's order among the rest
  }
}
