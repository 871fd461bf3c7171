// CDK entry point (`npm run synth`, `npm run deploy`). Options come as context (-c key=value or cdk.json),
// documented in docs/deploy.md.
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { BetPlayWinStack } from './stack.ts';
import type { BundlingMode } from './bundling.ts';

const app = new App();
// AWS's own checks: synth (and so deploy) stops on a finding not acknowledged where it is made (infra/nag.ts).
Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
const context = (key: string): string | undefined => app.node.tryGetContext(key) || undefined;
const rateLimit = Number(context('throttleRate') ?? 1000);

new BetPlayWinStack(app, 'BetPlayWin', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
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
