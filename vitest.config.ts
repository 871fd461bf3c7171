import { configDefaults, defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/setup/slow-first-sequencer.ts';

// One local cloud per run (tests/setup/global-setup.ts, in the root config so it runs once and its
// `provide`d baseUrl reaches every project). `npm test` starts two runs at once, the unit and integration
// files and the browser files, each with its own cloud: the browser tests mostly wait (on the page, on
// timers), and beside the integration files they use the cores that waiting left idle, instead of
// running after them. Browser files run one at a time: two at a time beside the integration files loaded
// the 2 cores past 20 runnable processes and stretched every wait. `npx vitest run` alone runs both
// projects, the browser files last.
const common = {
  environment: 'node',
  testTimeout: 30_000,
  // What a test prints (seeds to replay, counts) is shown only when it fails: a green run stays quiet.
  silent: 'passed-only' as const,
  hookTimeout: 180_000,
  // expect.poll waits for what the test names (a push shown, a row written) up to 15 s, not vitest's 1 s:
  // on a busy machine a service worker took longer than 1 s to show a push (push.test.ts failed so). A poll
  // that holds ends at once; only a failing one waits the whole time.
  expect: { poll: { timeout: 15_000 } },
  // The AWS SDK's "Node 22 will be required from 2027" notice, once per worker, is noise in test output;
  // so are the log lines of handlers a test runs in its own process, which Powertools writes to stdout
  // itself, past vitest's console capture (the tests that read log lines turn their level back on).
  env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'SILENT' },
};
const notTests = [...configDefaults.exclude, 'web/dist/**', '.local/**', 'cdk.out/**'];

// Unit tests of web components compile TSX like web/vite.config.ts does.
const oxc = { jsx: { runtime: 'automatic', importSource: 'react' } } as const;

// Projects do not `extend` the root config: they would inherit (and rerun) its globalSetup.
export default defineConfig({
  test: {
    globalSetup: ['tests/setup/global-setup.ts'],
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        oxc,
        test: {
          ...common,
          name: 'unit+integration',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: [...notTests, 'tests/e2e/**'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        oxc,
        test: {
          ...common,
          name: 'e2e',
          // A browser test's steps each wait on the page (a push, a toast, an axe scan): beside the
          // integration files on 2 cores, a minute is what a long one takes.
          testTimeout: 60_000,
          include: ['tests/e2e/**/*.test.ts'],
          exclude: notTests,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
