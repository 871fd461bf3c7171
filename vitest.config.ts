import { configDefaults, defineConfig } from 'vitest/config';

// One local cloud for the whole run (tests/setup/global-setup.ts, in the root config so it runs once
// and its `provide`d baseUrl reaches every project). Browser tests run last, one file at a time. Two at
// a time took 287 s instead of 441 s alone, but with the suite's own load on 2 cores every-screen and
// live-notifications failed in 2 of 4 clean-clone runs: not yet deterministic enough.
const common = {
  environment: 'node',
  testTimeout: 30_000,
  // What a test prints (seeds to replay, counts) is shown only when it fails: a green run stays quiet.
  silent: 'passed-only' as const,
  hookTimeout: 120_000,
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
          include: ['tests/e2e/**/*.test.ts'],
          exclude: notTests,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
