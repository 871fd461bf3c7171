// The app `npm run synth` and `npm run deploy` run (infra/app.ts): the stack from the context options
// (-c key=value or cdk.json) that README.md and docs/deploy.md document, checked by AWS's own rules
// (cdk-nag) as it is synthesized. tests/infra/synth.test.ts synthesizes it the same way.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, NestedStack, Validations, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { REPO_ROOT, type BundlingMode } from './bundling.ts';
import { BetPlayWinStack } from './stack.ts';

/** Every context option the app reads; the docs name each of them. */
export const CONTEXT_OPTIONS = ['mailFrom', 'domainName', 'certificateArn', 'allowedEmailDomains', 'allowanceFloor', 'tournamentCreators', 'alarmEmail', 'throttleRate', 'throttleBurst', 'local', 'bundling'] as const;
export type ContextOption = (typeof CONTEXT_OPTIONS)[number];

export const STACK_ID = 'BetPlayWin';

export function defineApp(app: App, env: Environment): BetPlayWinStack {
  // Synth (and so deploy) stops on a finding not acknowledged where it is made (infra/nag.ts).
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  const context = (key: ContextOption): string | undefined => (app.node.tryGetContext(key) as string | undefined) || undefined;
  const rateLimit = Number(context('throttleRate') ?? 1000);
  return new BetPlayWinStack(app, STACK_ID, {
    env,
    bundling: context('bundling') as BundlingMode | undefined,
    domainName: context('domainName'),
    certificateArn: context('certificateArn'),
    mailFrom: context('mailFrom'),
    allowedEmailDomains: context('allowedEmailDomains'),
    tournamentCreators: context('tournamentCreators'),
    allowanceFloor: context('allowanceFloor'),
    alarmEmail: context('alarmEmail'),
    throttle: { rateLimit, burstLimit: Number(context('throttleBurst') ?? rateLimit * 2) },
    local: context('local') === 'true',
  });
}

/**
 * What `cdk synth -c …` writes, synthesized in this process: cdk.json's context under the options, then
 * synth (which cdk-nag stops on a finding). Each stack's template as written, by construct id: the
 * parent's first, then each nested stack's.
 */
export function synthesizeTemplates(options: Partial<Record<ContextOption, string>>, env: Environment): Map<string, string> {
  const { context } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  // The cloud assembly holds copies of the assets (~24 MB): only the templates are kept.
  const outdir = mkdtempSync(path.join(tmpdir(), 'bpw-synth-'));
  try {
    const app = new App({ outdir, context: { ...context, ...options } });
    const stack = defineApp(app, env);
    app.synth();
    const stacks = [stack, ...stack.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack)];
    return new Map(stacks.map((s) => [s.node.id, readFileSync(path.join(outdir, s.templateFile), 'utf8')]));
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
