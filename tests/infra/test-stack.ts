// The stack as the synth tests build it: offline (stub bundles, no SPA build), in one account and region.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { BetPlayWinStack } from '../../infra/stack.ts';

export type Resource = { Type: string; Properties: Record<string, any> };

/** The parent stack's resources by logical id (the HTTP functions live in nested stacks: tests/infra/stack.test.ts reads those). */
export function parentStackResources(): Record<string, Resource> {
  const stack = new BetPlayWinStack(new App(), 'Test', {
    bundling: 'stub',
    mailFrom: 'no-reply@betplaywin.example',
    spaDir: path.join(tmpdir(), 'bpw-no-such-build'),
    env: { account: '123456789012', region: 'ap-south-1' },
  });
  return (Template.fromStack(stack).toJSON() as { Resources: Record<string, Resource> }).Resources;
}
