// `npm run synth` as the CDK command line runs it: the app of infra/cloud-app.ts with cdk.json's context
// and the -c options, cdk-nag stopping synth on a finding, once with no option (offline: no account or
// region, an environment-agnostic template) and once with every option the docs name; each template is
// then checked as CloudFormation checks it (tests/infra/cfn-registry.ts).
// Functions are stubs (-c bundling=stub), as in tests/infra/stack.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Environment } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/bundling.ts';
import { CONTEXT_OPTIONS, STACK_ID, synthesizeTemplates, type ContextOption } from '../../infra/cloud-app.ts';
import { loadRegistry, QUOTAS, type Registry } from './cfn-registry.ts';

type Resource = { Type: string; Properties: Record<string, any> };
type TemplateJson = { Resources: Record<string, Resource>; Outputs?: Record<string, { Value: unknown }> };

const ACCOUNT = '123456789012';
const REGION = 'ap-south-1';
/** Every option README.md and docs/deploy.md name, as an operator would pass them. */
const EVERY_OPTION: Record<ContextOption, string> = {
  mailFrom: 'no-reply@bets.campus.edu',
  domainName: 'bets.campus.edu',
  certificateArn: `arn:aws:acm:us-east-1:${ACCOUNT}:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b`,
  allowedEmailDomains: 'campus.edu,hostel.campus.edu',
  allowanceFloor: '150',
  tournamentCreators: 'verified',
  alarmEmail: 'ops@campus.edu',
  throttleRate: '500',
  throttleBurst: '800',
  local: 'true',
  bundling: 'stub',
};

interface Synthesized {
  /** Each stack's template (the parent's, then each nested stack's by its construct id) with its size as written. */
  templates: Map<string, { json: TemplateJson; bytes: number }>;
  resources: Resource[];
}

function synthesize(options: Partial<Record<ContextOption, string>>, env: Environment): Synthesized {
  const templates = new Map([...synthesizeTemplates(options, env)].map(([id, text]) => [id, { json: JSON.parse(text) as TemplateJson, bytes: Buffer.byteLength(text) }]));
  return { templates, resources: [...templates.values()].flatMap((t) => Object.values(t.json.Resources)) };
}

/** `npm run synth` offline: no option (but stub functions), no account or region. */
let noOption: Synthesized;
/** `npm run deploy` with every option, in the account and region of the caller's credentials. */
let everyOption: Synthesized;
let registry: Registry;

beforeAll(() => {
  registry = loadRegistry();
  noOption = synthesize({ bundling: 'stub' }, {});
  everyOption = synthesize(EVERY_OPTION, { account: ACCOUNT, region: REGION });
}, 180_000);

const ofType = ({ resources }: Synthesized, type: string) => resources.filter((r) => r.Type === type).map((r) => r.Properties);
const appFunctions = (synthesized: Synthesized) => ofType(synthesized, 'AWS::Lambda::Function').filter((f) => String(f.Description).startsWith('functions/'));

describe('context options', () => {
  it('the docs name exactly the options the app reads', () => {
    const named = ['README.md', 'docs/deploy.md'].flatMap((doc) => [...readFileSync(path.join(REPO_ROOT, doc), 'utf8').matchAll(/-c (\w+)=/g)].map((m) => m[1]));
    expect([...new Set(named)].sort()).toEqual([...CONTEXT_OPTIONS].sort());
  });

  it('synthesizes with no option (cdk-nag finds nothing unacknowledged): the defaults', () => {
    const functions = appFunctions(noOption);
    expect(functions.length).toBeGreaterThan(40);
    for (const fn of functions) {
      expect(fn.Environment.Variables.MAIL_FROM, fn.Description).toBe('no-reply@example.com');
      for (const unset of ['ALLOWED_EMAIL_DOMAINS', 'TOURNAMENT_CREATORS', 'ALLOWANCE_FLOOR', 'JWT_SECRET']) expect(fn.Environment.Variables, fn.Description).not.toHaveProperty(unset);
    }
    expect(ofType(noOption, 'AWS::CloudFront::Distribution')[0].DistributionConfig.Aliases).toBeUndefined();
    expect(ofType(noOption, 'AWS::SNS::Subscription')).toEqual([]);
    for (const stage of ofType(noOption, 'AWS::ApiGatewayV2::Stage')) expect(stage.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 });
  });

  it('synthesizes with every option (cdk-nag finds nothing unacknowledged), and each takes effect', () => {
    const functions = appFunctions(everyOption);
    expect(functions.length).toBeGreaterThan(40);
    for (const fn of functions) {
      expect(fn.Environment.Variables, fn.Description).toMatchObject({
        MAIL_FROM: EVERY_OPTION.mailFrom,
        ALLOWED_EMAIL_DOMAINS: EVERY_OPTION.allowedEmailDomains,
        ALLOWANCE_FLOOR: EVERY_OPTION.allowanceFloor,
        TOURNAMENT_CREATORS: EVERY_OPTION.tournamentCreators,
        JWT_SECRET: '', // local=true: declared for SAM
      });
      expect(fn.Code.ZipFile, fn.Description).toBeDefined(); // bundling=stub
    }
    const [distribution] = ofType(everyOption, 'AWS::CloudFront::Distribution');
    expect(distribution.DistributionConfig.Aliases).toEqual([EVERY_OPTION.domainName]);
    expect(distribution.DistributionConfig.ViewerCertificate).toMatchObject({ AcmCertificateArn: EVERY_OPTION.certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021' });
    expect(everyOption.templates.get(STACK_ID)!.json.Outputs?.SiteUrl.Value).toBe(`https://${EVERY_OPTION.domainName}`);
    expect(ofType(everyOption, 'AWS::SNS::Subscription')).toEqual([expect.objectContaining({ Protocol: 'email', Endpoint: EVERY_OPTION.alarmEmail })]);
    const stages = ofType(everyOption, 'AWS::ApiGatewayV2::Stage');
    expect(stages).toHaveLength(2);
    for (const stage of stages) expect(stage.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 500, ThrottlingBurstLimit: 800 });
  });
});

describe('CloudFormation\'s own checks, before a deploy makes them', () => {
  it('synth stops on an error of CDK\'s own CloudFormation validation too (cdk.json), which reads the parent template only', () => {
    const { context } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8'));
    expect(context['@aws-cdk/core:validateAgainstDefaultRules']).toBe(true);
  });

  it('every resource of every stack is of a registry type, with known properties only, its required ones, and literal values of the right type; each template within CloudFormation\'s quotas', () => {
    for (const [name, synthesized] of [['no option', noOption], ['every option', everyOption]] as const) {
      for (const [id, template] of synthesized.templates) expect(registry.check(template.json, template.bytes), `${name}: ${id}`).toEqual([]);
    }
  });

  it('finds what CloudFormation would refuse', () => {
    const template = {
      Resources: {
        Queue: { Type: 'AWS::SQS::Queue', Properties: { VisibilityTimeout: '30s', MessageRetentionPeriod: { Ref: 'Retention' }, Colour: 'blue' } },
        Function: { Type: 'AWS::Lambda::Function', Properties: { Code: { ZipFile: 'x' }, Architectures: 'arm64', PackageType: 'Jar' }, DependsOn: 'Nothing' },
        Site: { Type: 'AWS::CloudFront::Distribution', Properties: { DistributionConfig: { Enabled: 'yes' } } },
        Thing: { Type: 'AWS::Made::Up', Properties: {} },
        Deployment: { Type: 'Custom::Deployment', Properties: {} },
        Logs: { Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 30 }, DeletionPolicy: 'Keep' },
      },
      Outputs: { Arn: { Value: { 'Fn::GetAtt': ['Logs', 'Colour'] } } },
    };
    const tooMany = { Resources: Object.fromEntries(Array.from({ length: QUOTAS.resources + 1 }, (_, i) => [`Topic${i}`, { Type: 'AWS::SNS::Topic' }])) };
    expect(registry.check(template, QUOTAS.templateBytes + 1).sort()).toEqual(
      [
        `${QUOTAS.templateBytes + 1} bytes of template, more than CloudFormation's ${QUOTAS.templateBytes}`,
        'Queue.Properties.VisibilityTimeout: "30s" is not an integer',
        'Queue.Properties.Colour: not a property of this type',
        'Queue.Properties.MessageRetentionPeriod: Ref to Retention, which the template does not declare',
        'Function.Properties.Architectures: "arm64" is not a list',
        'Function.Properties.PackageType: "Jar" is not one of Image, Zip',
        'Function.Properties.Role: required, missing',
        'Function.DependsOn: Nothing is not a resource of the template',
        'Site.Properties.DistributionConfig.Enabled: "yes" is not a boolean',
        'Site.Properties.DistributionConfig.DefaultCacheBehavior: required, missing',
        'Thing: AWS::Made::Up is not a resource type of the CloudFormation registry',
        'Deployment.Properties.ServiceToken: required, missing',
        'Logs.DeletionPolicy: Keep is not a policy',
        'Outputs.Arn.Value: AWS::Logs::LogGroup has no attribute Colour',
      ].sort(),
    );
    expect(registry.check(tooMany, 1000)).toEqual([`${QUOTAS.resources + 1} resources, more than CloudFormation's ${QUOTAS.resources}`]);
  });
});

/** Types whose names an account holds once across all its regions (or AWS once globally), and where the name is. */
const ACCOUNT_WIDE_NAMES: Partial<Record<string, (properties: Record<string, any>) => unknown>> = {
  'AWS::CloudFront::ResponseHeadersPolicy': (p) => p.ResponseHeadersPolicyConfig.Name,
  'AWS::CloudFront::OriginAccessControl': (p) => p.OriginAccessControlConfig.Name,
  'AWS::CloudFront::CachePolicy': (p) => p.CachePolicyConfig.Name,
  'AWS::CloudFront::OriginRequestPolicy': (p) => p.OriginRequestPolicyConfig.Name,
  'AWS::CloudFront::Function': (p) => p.Name,
  'AWS::CloudWatch::Dashboard': (p) => p.DashboardName,
  'AWS::IAM::Role': (p) => p.RoleName,
  'AWS::IAM::ManagedPolicy': (p) => p.ManagedPolicyName,
  'AWS::S3::Bucket': (p) => p.BucketName,
};
/** Account-wide by their ARN, with no name of their own: CloudFront makes a distribution's id, an inline policy is named within its role. */
const NAMELESS_ACCOUNT_WIDE = new Set(['AWS::CloudFront::Distribution', 'AWS::IAM::Policy']);

/** A name as CloudFormation resolves it in this region of this account; undefined when it depends on anything else (made per stack). */
function resolveName(value: unknown, pseudo: Record<string, string>): string | undefined {
  if (typeof value === 'string') return value;
  const node = value as { Ref?: string; 'Fn::Join'?: [string, unknown[]] } | undefined;
  if (node?.Ref) return pseudo[node.Ref];
  if (node?.['Fn::Join']) {
    const [separator, parts] = node['Fn::Join'];
    const resolved = parts.map((part) => resolveName(part, pseudo));
    return resolved.every((part) => part !== undefined) ? resolved.join(separator) : undefined;
  }
  return undefined;
}

describe('a second environment in the same account', () => {
  it('the template deployed in another region names no account-wide resource as in the first (a staging stack meets no "already exists")', () => {
    const named = (region: string) =>
      [...noOption.templates].flatMap(([id, { json }]) => {
        // A nested stack's own name is made by CloudFormation, unique per deployment.
        const pseudo: Record<string, string> = { 'AWS::Region': region, 'AWS::AccountId': ACCOUNT, 'AWS::Partition': 'aws', 'AWS::URLSuffix': 'amazonaws.com', ...(id === STACK_ID ? { 'AWS::StackName': STACK_ID } : {}) };
        return Object.entries(json.Resources).flatMap(([logicalId, r]) => {
          const nameOf = ACCOUNT_WIDE_NAMES[r.Type];
          const name = nameOf && nameOf((r.Properties as Resource['Properties'] | undefined) ?? {}) // a resource may have no Properties;
          return name === undefined ? [] : [{ logicalId, type: r.Type, name: resolveName(name, pseudo) ?? `${logicalId}: made per stack` }];
        });
      });
    const [first, second] = [named(REGION), named('eu-west-1')];
    expect(first.length).toBeGreaterThan(0);
    const secondNames = new Set(second.map((r) => r.name));
    expect(first.filter((r) => secondNames.has(r.name))).toEqual([]);
    // Every account-wide type of the templates (its registry ARN has no region) is classified above.
    const types = new Set([...noOption.templates.values()].flatMap(({ json }) => Object.values(json.Resources).map((r) => r.Type)));
    const accountWide = [...types].filter((type) => registry.resource(type)?.arnTemplate?.includes('${Region}') === false);
    expect(accountWide.filter((type) => !(type in ACCOUNT_WIDE_NAMES) && !NAMELESS_ACCOUNT_WIDE.has(type))).toEqual([]);
  });
});
