// The app `npm run synth` and `npm run deploy` run (infra/app.ts): the stack from the context options
// (-c key=value or cdk.json) that README.md and docs/deploy.md document, checked by AWS's own rules
// (cdk-nag) as it is synthesized. tests/infra/synth.test.ts synthesizes it the same way.
import { App, Validations, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { BundlingMode } from './bundling.ts';
import { BetPlayWinStack } from './stack.ts';

/** Every context option the app reads; the docs name each of them. */
export const CONTEXT_OPTIONS = ['mailFrom', 'domainName', 'certificateArn', 'allowedEmailDomains', 'allowanceFloor', 'alarmEmail', 'throttleRate', 'throttleBurst', 'local', 'bundling'] as const;
export type ContextOption = (typeof CONTEXT_OPTIONS)[number];

export const STACK_ID = 'BetPlayWin';

export function defineApp(app: App, env: Environment): BetPlayWinStack {
  // Synth (and so deploy) stops on a finding not acknowledged where it is made (infra/nag.ts).
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  const context = (key: ContextOption): string | undefined => app.node.tryGetContext(key) || undefined;
  const rateLimit = Number(context('throttleRate') ?? 1000);
  return new BetPlayWinStack(app, STACK_ID, {
    env,
    bundling: context('bundling') as BundlingMode | undefined,
    domainName: context('domainName'),
    certificateArn: context('certificateArn'),
    mailFrom: context('mailFrom'),
    allowedEmailDomains: context('allowedEmailDomains'),
    allowanceFloor: context('allowanceFloor'),
    alarmEmail: context('alarmEmail'),
    throttle: { rateLimit, burstLimit: Number(context('throttleBurst') ?? rateLimit * 2) },
    local: context('local') === 'true',
  });
}
