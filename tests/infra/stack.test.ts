// The synthesized CloudFormation templates of infra/stack.ts (the parent's and its nested stacks' of routes,
// merged into one: see flatten), checked with aws-cdk-lib/assertions.
// Functions are stubs here (bundling: 'stub'): real bundling of ~45 functions takes most of a minute and
// is checked once below on one function; tests/infra/needs.test.ts holds the grants to the code.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, NestedStack, Stack, Validations, type CfnResource } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { METRIC, METRICS_NAMESPACE } from '../../shared/metrics.ts';
import { queues, routeKey, routes, scheduleTargets, streamConsumers, wsRoutes } from '../../shared/routes.ts';
import { streamFilterPatterns } from '../../infra/stream-filters.ts';
import { GSIS, TABLE_STREAM, TTL_ATTRIBUTE } from '../../shared/table.ts';
import { needs } from '../../infra/needs.ts';
import { DATA_CONTENT_SECURITY_POLICY, SPA_CONTENT_SECURITY_POLICY, securityHeaders } from '../../infra/security-headers.ts';
import { BetPlayWinStack, ROUTE_STACKS } from '../../infra/stack.ts';
import { AppFunction } from '../../infra/constructs/app-function.ts';
import { MAX_EXPRESSION_LENGTH } from '../../infra/constructs/dashboard.ts';
import { REPO_ROOT } from '../../infra/bundling.ts';

type Resource = { Type: string; Properties: Record<string, any> };
type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };

const MAIL_FROM = 'no-reply@betplaywin.example';
/** Who sends to the settlement queue: the result and correction endpoints, and the worker queueing its own late sweep. */
const SETTLEMENT_SENDERS = [
  'settlement/handlers/confirm-provisional-result',
  'settlement/handlers/confirm-result-on-time',
  'settlement/handlers/correct-result',
  'settlement/handlers/declare-result',
  'settlement/handlers/settle-event',
  // An organiser calling the cup pool off asks for its share (every stake back).
  'pools/handlers/pool-settings',
];
/** Who sends to the crowd queue: the stream's dispatcher (a trailing crowd broadcast) and the crowd broadcaster (one again). */
const CROWD_SENDERS = ['stream/handlers/table-stream', 'live/handlers/crowd-broadcast'];
const handlers = [...new Set([...routes, ...wsRoutes, ...queues, ...streamConsumers, ...scheduleTargets].map((r) => r.handler))];
const asList = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);
/** What a function's role allows on its own log group. */
const LOG_ACTIONS = ['logs:CreateLogStream', 'logs:PutLogEvents'];

let stack: BetPlayWinStack;
/** The parent's template with every nested stack's resources in it (see flatten). */
let template: Template;
let resources: Record<string, Resource>;
/** Each stack's own resources (the parent's, and each nested stack's by its construct id): CloudFormation's 500 is per stack. */
let resourcesOfStack: Map<string, Record<string, Resource>>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

/** The logical id of the function of a handler module (its Description names the module). */
function functionId(handler: string): string {
  const found = ofType('AWS::Lambda::Function').filter(([, r]) => r.Properties.Description === `functions/${handler}.ts`);
  expect(found, handler).toHaveLength(1);
  return found[0][0];
}

const roleIdOf = (handler: string): string => resources[functionId(handler)].Properties.Role['Fn::GetAtt'][0];

/** Every IAM statement of the function's role: its inline policies and any policy attached to it. */
function statementsOf(handler: string): Statement[] {
  const roleId = roleIdOf(handler);
  const inline = (resources[roleId].Properties.Policies ?? []).flatMap((p: { PolicyDocument: { Statement: Statement[] } }) => p.PolicyDocument.Statement);
  const attached = ofType('AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
  return [...inline, ...attached];
}
const actionsOf = (handler: string) => statementsOf(handler).flatMap((s) => asList(s.Action)).sort();
const environmentOf = (handler: string): Record<string, unknown> => resources[functionId(handler)].Properties.Environment.Variables;

type TemplateJson = { Resources: Record<string, Resource>; Parameters?: Record<string, unknown>; Outputs?: Record<string, { Value: unknown }> };

/** `value` with every node `replace` answers for replaced by its answer. */
function substitute(value: unknown, replace: (node: Record<string, unknown>) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => substitute(v, replace));
  if (value === null || typeof value !== 'object') return value;
  const replaced = replace(value as Record<string, unknown>);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, replace)]));
}

/**
 * The parent's and every nested stack's resources as one template, so every check sees every function
 * wherever it lives: a nested stack's parameter becomes what the parent passes it, and the parent's
 * reference to a nested stack's output becomes that output's value. Logical ids are unique across the
 * stacks (infra/constructs/route-stack.ts), so nothing is merged over.
 */
function flatten(parent: Stack): { merged: TemplateJson; perStack: Map<string, Record<string, Resource>> } {
  const parentJson = Template.fromStack(parent).toJSON() as TemplateJson;
  const nested = parent.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack);
  const nestedJson = new Map(nested.map((n) => [parent.getLogicalId(n.nestedStackResource as CfnResource), { id: n.node.id, json: Template.fromStack(n).toJSON() as TemplateJson }]));
  const perStack = new Map<string, Record<string, Resource>>([[parent.node.id, parentJson.Resources]]);
  const merged: Record<string, Resource> = {};
  const add = (from: Record<string, Resource>) => {
    for (const [id, resource] of Object.entries(from)) {
      expect(merged, `logical id ${id} in two stacks`).not.toHaveProperty(id);
      merged[id] = resource;
    }
  };
  add(
    substitute(parentJson.Resources, (node) => {
      const [target, attribute] = (node['Fn::GetAtt'] as string[] | undefined) ?? [];
      const output = nestedJson.get(target)?.json.Outputs?.[String(attribute).replace(/^Outputs\./, '')];
      return output ? output.Value : undefined;
    }) as Record<string, Resource>,
  );
  for (const [logicalId, { id, json }] of nestedJson) {
    const passed = parentJson.Resources[logicalId].Properties.Parameters as Record<string, unknown>;
    perStack.set(id, json.Resources);
    add(substitute(json.Resources, (node) => (typeof node.Ref === 'string' && node.Ref in (json.Parameters ?? {}) ? passed[node.Ref] : undefined)) as Record<string, Resource>);
  }
  return { merged: { ...parentJson, Resources: merged }, perStack };
}

beforeAll(() => {
  const app = new App();
  stack = new BetPlayWinStack(app, 'Test', {
    bundling: 'stub',
    mailFrom: MAIL_FROM,
    allowedEmailDomains: 'campus.edu,hostel.campus.edu',
    allowanceFloor: '150',
    // No SPA build in the test: synth must still work, with a placeholder page.
    spaDir: path.join(tmpdir(), 'bpw-no-such-build'),
    env: { account: '123456789012', region: 'ap-south-1' },
  });
  const { merged, perStack } = flatten(stack);
  template = Template.fromJSON(merged);
  resources = merged.Resources;
  resourcesOfStack = perStack;
});

describe('functions and routes from the manifest', () => {
  it('has exactly one HTTP route per manifest route, integrated with the function of its handler', () => {
    const httpRoutes = ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.RouteKey.includes(' /'));
    expect(httpRoutes).toHaveLength(routes.length);
    for (const route of routes) {
      const matching = httpRoutes.filter(([, r]) => r.Properties.RouteKey === routeKey(route));
      expect(matching, routeKey(route)).toHaveLength(1);
      const integrationId = matching[0][1].Properties.Target['Fn::Join'][1][1].Ref;
      expect(resources[integrationId].Properties.IntegrationUri['Fn::GetAtt'][0]).toBe(functionId(route.handler));
      expect(resources[integrationId].Properties.PayloadFormatVersion).toBe('2.0');
    }
  });

  it('has the WebSocket routes ($connect, $disconnect, join), each on its function', () => {
    const keys = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey).filter((k: string) => !k.includes(' /'));
    expect(keys.sort()).toEqual(wsRoutes.map((r) => r.routeKey).sort());
    for (const route of wsRoutes) functionId(route.handler);
  });

  it('has exactly one function per handler: Node.js 24 (the newest LTS runtime CDK offers), arm64, JSON logs in a log group with retention', () => {
    expect(ofType('AWS::Lambda::Function').filter(([, r]) => String(r.Properties.Description).startsWith('functions/'))).toHaveLength(handlers.length);
    for (const handler of handlers) {
      const fn = resources[functionId(handler)].Properties;
      expect(fn).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], LoggingConfig: { LogFormat: 'JSON' } });
      expect(resources[fn.LoggingConfig.LogGroup.Ref].Properties.RetentionInDays).toBeGreaterThan(0);
    }
  });

  it('gives password hashing and avatars the manifest memory, others the default', () => {
    for (const route of routes) {
      expect(resources[functionId(route.handler)].Properties.MemorySize, route.handler).toBe(route.memoryMb ?? 512);
    }
    expect(routes.find((r) => r.handler === 'identity/handlers/login-user')?.memoryMb).toBeGreaterThan(512);
  });

  it('configures functions for the cloud: secret by ARN, pushers get the Management API, the result endpoint and the worker (its late sweep) the queue', () => {
    for (const handler of handlers) {
      const env = environmentOf(handler);
      expect(env).toHaveProperty('JWT_SECRET_ARN');
      expect(env).not.toHaveProperty('JWT_SECRET');
      expect(env).toMatchObject({ MAIL_FROM, ASSET_BASE_URL: '', NODE_OPTIONS: '--enable-source-maps' });
      // The deployment's configuration (-c allowedEmailDomains, -c allowanceFloor), passed through as is.
      expect(env).toMatchObject({ ALLOWED_EMAIL_DOMAINS: 'campus.edu,hostel.campus.edu', ALLOWANCE_FLOOR: '150' });
      expect('WS_MANAGEMENT_ENDPOINT' in env, handler).toBe(!!needs[handler]?.push);
      expect('SETTLEMENT_QUEUE_URL' in env, handler).toBe(SETTLEMENT_SENDERS.includes(handler));
    }
  });

  it('throttles both API stages', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'ws', DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue() } });
  });
});

describe('least privilege', () => {
  it('has no wildcard action in any policy of the stack', () => {
    const policies = [...ofType('AWS::IAM::Policy'), ...ofType('AWS::IAM::Role')].flatMap(([, r]) => [
      ...(r.Properties.PolicyDocument?.Statement ?? []),
      ...(r.Properties.Policies ?? []).flatMap((p: { PolicyDocument: { Statement: Statement[] } }) => p.PolicyDocument.Statement),
    ]);
    const actions = policies.flatMap((s: Statement) => asList(s.Action));
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.filter((a) => a === '*' || a.endsWith(':*'))).toEqual([]);
  });

  it('gives the app functions no wildcard at all in actions, and no index/* resource', () => {
    for (const handler of handlers) {
      expect(actionsOf(handler).filter((a) => a.includes('*')), handler).toEqual([]);
      expect(JSON.stringify(statementsOf(handler)), handler).not.toContain('index/*');
    }
  });

  it('login-user: table actions, the secret and its logs, no S3, SES, SQS or pushes', () => {
    expect(actionsOf('identity/handlers/login-user')).toEqual(
      [...LOG_ACTIONS, 'dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'secretsmanager:GetSecretValue'].sort(),
    );
  });

  it('check-auth: reads one item and writes its logs, nothing else', () => {
    expect(actionsOf('identity/handlers/check-auth')).toEqual([...LOG_ACTIONS, 'dynamodb:GetItem', 'secretsmanager:GetSecretValue'].sort());
  });

  it('each function writes its logs to its own log group only, with a role of its own and no managed policy (not AWSLambdaBasicExecutionRole\'s logs on *)', () => {
    for (const handler of handlers) {
      const fn = resources[functionId(handler)].Properties;
      const role = resources[roleIdOf(handler)].Properties;
      expect(role.ManagedPolicyArns, handler).toBeUndefined();
      const logs = statementsOf(handler).filter((s) => asList(s.Action).some((a) => a.startsWith('logs:')));
      expect(logs, handler).toEqual([expect.objectContaining({ Action: LOG_ACTIONS, Resource: { 'Fn::GetAtt': [fn.LoggingConfig.LogGroup.Ref, 'Arn'] } })]);
    }
    const roles = handlers.map(roleIdOf);
    expect(new Set(roles).size).toBe(handlers.length);
  });

  it('a function that writes only its caller\'s items may write only in their key families (dynamodb:LeadingKeys); its reads and the others\' writes are unconditioned', () => {
    const conditioned = handlers.filter((h) => needs[h]?.writes);
    expect(conditioned.length).toBeGreaterThan(0);
    for (const handler of handlers) {
      const table = statementsOf(handler).filter((s) => asList(s.Action).some((a) => a.startsWith('dynamodb:')) && !JSON.stringify(s.Resource).includes('/index/'));
      const writes = table.filter((s) => asList(s.Action).some((a) => !['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'].includes(a)));
      const reads = table.filter((s) => !writes.includes(s));
      for (const read of reads) expect(read.Condition, handler).toBeUndefined();
      for (const write of writes) {
        expect(asList(write.Action).filter((a) => ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'].includes(a)), handler).toEqual([]);
        const checkOnly = asList(write.Action).join() === 'dynamodb:ConditionCheckItem' && needs[handler]?.checks;
        const families = checkOnly ? [...(needs[handler]?.writes ?? []), ...(needs[handler]?.checks ?? [])] : needs[handler]?.writes;
        expect(write.Condition, handler).toEqual(families ? { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': families.map((f) => `${f}*`) } } : undefined);
      }
    }
    // $connect checks the session it marks open, and may write none.
    const connect = statementsOf('identity/handlers/connect').filter((s) => JSON.stringify(s.Condition ?? {}).includes('LeadingKeys'));
    expect(connect.map((s) => [asList(s.Action).sort(), s.Condition])).toEqual([
      [['dynamodb:PutItem', 'dynamodb:UpdateItem'], { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['USER#*', 'CONN#*'] } }],
      [['dynamodb:ConditionCheckItem'], { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['USER#*', 'CONN#*', 'SESSION#*'] } }],
    ]);
    // A bet writes the bettor's own items (and an event's gates, when it finds them behind the event) and
    // checks its session and one gate.
    expect(statementsOf('betting/handlers/create-new')).toContainEqual(
      expect.objectContaining({ Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['USER#*', 'GATE#*'] } } }),
    );
    expect(statementsOf('betting/handlers/create-new')).toContainEqual(
      expect.objectContaining({ Action: 'dynamodb:ConditionCheckItem', Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['USER#*', 'GATE#*', 'SESSION#*'] } } }),
    );
  });

  it('update-avatar: S3 writes on the avatar prefix of the avatars bucket only', () => {
    const s3 = statementsOf('identity/handlers/update-avatar').filter((s) => asList(s.Action).some((a) => a.startsWith('s3:')));
    expect(s3).toHaveLength(1);
    expect(asList(s3[0].Action).sort()).toEqual(['s3:DeleteObject', 's3:PutObject']);
    const avatarsBucket = ofType('AWS::S3::Bucket').find(([id]) => id.startsWith('Avatars'))![0];
    expect(s3[0].Resource).toEqual({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [avatarsBucket, 'Arn'] }, '/avatars/*']] });
    expect(actionsOf('identity/handlers/login-user').some((a) => a.startsWith('s3:'))).toBe(false);
  });

  it('create-otp and create-email-verification: ses:SendEmail from MAIL_FROM only', () => {
    for (const handler of ['identity/handlers/create-otp', 'identity/handlers/create-email-verification']) {
      const ses = statementsOf(handler).filter((s) => asList(s.Action).some((a) => a.startsWith('ses:')));
      expect(ses).toEqual([expect.objectContaining({ Action: 'ses:SendEmail', Condition: { StringEquals: { 'ses:FromAddress': MAIL_FROM } } })]);
    }
    expect(handlers.filter((h) => actionsOf(h).includes('ses:SendEmail')).sort()).toEqual(['identity/handlers/create-email-verification', 'identity/handlers/create-otp']);
  });

  it('the result and correction endpoints and the worker (its late sweep) alone send to the settlement queue; the export start alone to the export queue; the crowd handlers alone to the crowd queue; the stream consumer to its on-failure queue', () => {
    const queueId = ofType('AWS::SQS::Queue').find(([id, r]) => id.startsWith('settlementQueue') && r.Properties.RedrivePolicy)![0];
    const exportQueueId = ofType('AWS::SQS::Queue').find(([id, r]) => id.startsWith('exportQueue') && r.Properties.RedrivePolicy)![0];
    const failuresId = ofType('AWS::SQS::Queue').find(([id]) => id.startsWith('StreamConsumersFailures'))![0];
    const crowdQueueId = ofType('AWS::SQS::Queue').find(([id, r]) => id.startsWith('crowdQueue') && r.Properties.RedrivePolicy)![0];
    const sendsTo = (handler: string) =>
      statementsOf(handler)
        .filter((s) => asList(s.Action).includes('sqs:SendMessage'))
        .map((s) => {
          expect(s.Action, handler).toBe('sqs:SendMessage');
          return (s.Resource as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
        });
    for (const handler of handlers) {
      const consumer = streamConsumers.some((c) => c.handler === handler);
      expect(sendsTo(handler).sort(), handler).toEqual([...(SETTLEMENT_SENDERS.includes(handler) ? [queueId] : []), ...(handler === 'exports/handlers/start-export' ? [exportQueueId] : []), ...(CROWD_SENDERS.includes(handler) ? [crowdQueueId] : []), ...(consumer ? [failuresId] : [])].sort());
    }
  });

  it('pushers get execute-api:ManageConnections on POST and DELETE @connections of the ws stage, others do not', () => {
    for (const handler of handlers) {
      const push = statementsOf(handler).filter((s) => asList(s.Action).includes('execute-api:ManageConnections'));
      expect(push.length, handler).toBe(needs[handler]?.push ? 1 : 0);
      if (push.length) {
        expect(JSON.stringify(push[0].Resource)).toContain('/ws/POST/@connections/*');
        expect(JSON.stringify(push[0].Resource)).toContain('/ws/DELETE/@connections/*');
      }
    }
  });

  it('index queries reach only the indexes named in infra/needs.ts', () => {
    const indexStatement = statementsOf('community/handlers/team-leaderboard').find((s) => JSON.stringify(s.Resource).includes('/index/'));
    expect(indexStatement?.Action).toBe('dynamodb:Query');
    expect(JSON.stringify(indexStatement?.Resource)).toContain('/index/gsi2');
    expect(JSON.stringify(statementsOf('identity/handlers/check-auth'))).not.toContain('/index/');
  });
});

describe('data', () => {
  it('has one on-demand table with PITR, deletion protection, TTL and the GSIs of shared/table.ts', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
        StreamSpecification: { StreamViewType: TABLE_STREAM.StreamViewType },
        GlobalSecondaryIndexes: GSIS.map((g) =>
          Match.objectLike({
            IndexName: g.indexName,
            KeySchema: [
              { AttributeName: g.partitionKey, KeyType: 'HASH' },
              { AttributeName: g.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          }),
        ),
      },
    });
  });

  it('keeps the JWT secret in Secrets Manager, generated', () => {
    template.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 64 }) });
  });

  it('blocks public access on every bucket and denies non-SSL requests', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets.length).toBe(3);
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
      const policy = ofType('AWS::S3::BucketPolicy').find(([, p]) => p.Properties.Bucket.Ref === id);
      expect(policy?.[1].Properties.PolicyDocument.Statement, id).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('synthesizes without a SPA build, deploying a placeholder and saying so', () => {
    Annotations.fromStack(stack).hasWarning('*', Match.stringLikeRegexp('has no index.html'));
  });
});

describe('CloudFront', () => {
  const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
  const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
  const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
  let config: Record<string, any>;
  const behaviour = (pattern: string) => config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);
  const origin = (id: string) => config.Origins.find((o: { Id: string }) => o.Id === id);
  beforeAll(() => {
    config = ofType('AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;
  });

  it('sends /api/* and /ws to the APIs uncached, with every cookie, header but Host and query string', () => {
    for (const [pattern, api] of [['/api/*', 'Http'], ['/ws', 'WebSocket']]) {
      const b = behaviour(pattern);
      expect(b).toMatchObject({ CachePolicyId: CACHING_DISABLED, OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER });
      expect(b.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH', 'DELETE']));
      expect(JSON.stringify(origin(b.TargetOriginId).DomainName)).toContain(`${api}Api`);
    }
  });

  it('deploys sw.js, index.html and the manifest no-cache, invalidated on each deploy (a new build reaches every phone at its next check), hashed assets for a year', () => {
    const deployments = Object.values(resources)
      .filter((r) => r.Type === 'Custom::CDKBucketDeployment')
      .map((r) => r.Properties);
    const pages = deployments.find((p) => p.Exclude?.includes('assets/*'))!;
    expect(pages).toMatchObject({ SystemMetadata: { 'cache-control': 'no-cache' }, DistributionPaths: ['/*'] });
    expect(pages.Include).toBeUndefined();
    const assets = deployments.find((p) => p.Include?.includes('assets/*'))!;
    expect(assets.SystemMetadata['cache-control']).toContain('max-age=31536000');
    expect(assets.Prune).toBe(false); // an open tab (or a worker still serving the last build) finds its chunks
  });

  it('serves /avatars/* from the avatars bucket through origin access control', () => {
    const o = origin(behaviour('/avatars/*').TargetOriginId);
    expect(o.DomainName['Fn::GetAtt'][0]).toMatch(/^Avatars/);
    expect(o.OriginAccessControlId).toBeDefined();
  });

  it('caches /assets/* long and serves the SPA by default, with no error-page mapping to swallow API 404s', () => {
    expect(behaviour('/assets/*').CachePolicyId).toBe(CACHING_OPTIMIZED);
    // CloudFront compresses the SPA's files (gzip and Brotli); the local gateway does the same (infra/local/spa.ts).
    expect(behaviour('/assets/*').Compress).toBe(true);
    expect(config.DefaultCacheBehavior.Compress).toBe(true);
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    expect(config.CustomErrorResponses).toBeUndefined();
    template.hasResourceProperties('AWS::S3::BucketPolicy', Match.objectLike({ PolicyDocument: Match.objectLike({}) }));
  });

  it('sends the security headers of infra/security-headers.ts on every behaviour, as the local gateway does: the SPA policy on pages and assets, the data policy on the API, WebSocket and avatars', () => {
    type Config = { SecurityHeadersConfig: Record<string, Record<string, any>> };
    const policyOf = (b: { ResponseHeadersPolicyId?: { Ref: string } }): Config => {
      expect(b.ResponseHeadersPolicyId, JSON.stringify(b)).toBeDefined();
      return resources[b.ResponseHeadersPolicyId!.Ref].Properties.ResponseHeadersPolicyConfig;
    };
    // The header fields a policy makes CloudFront send, each overriding what the origin sent.
    const headersOf = ({ SecurityHeadersConfig: c }: Config) => {
      for (const part of Object.values(c)) expect(part.Override).toBe(true);
      const hsts = c.StrictTransportSecurity;
      return {
        'content-security-policy': c.ContentSecurityPolicy.ContentSecurityPolicy,
        'strict-transport-security': `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`,
        'x-content-type-options': (c.ContentTypeOptions as object | undefined) ? 'nosniff' : undefined, // absent in a policy without it
        'x-frame-options': c.FrameOptions.FrameOption,
        'referrer-policy': c.ReferrerPolicy.ReferrerPolicy,
      };
    };
    expect(headersOf(policyOf(config.DefaultCacheBehavior))).toEqual(securityHeaders(SPA_CONTENT_SECURITY_POLICY));
    expect(headersOf(policyOf(behaviour('/assets/*')))).toEqual(securityHeaders(SPA_CONTENT_SECURITY_POLICY));
    for (const pattern of ['/api/*', '/ws', '/avatars/*']) {
      expect(headersOf(policyOf(behaviour(pattern))), pattern).toEqual(securityHeaders(DATA_CONTENT_SECURITY_POLICY));
    }
    expect(config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern).sort()).toEqual(['/api/*', '/assets/*', '/avatars/*', '/ws']);
    // CloudFront refuses a policy longer than 1,783 characters.
    expect(SPA_CONTENT_SECURITY_POLICY.length).toBeLessThan(1783);
  });

  it('rewrites extension-less paths (client routes) to /index.html and leaves files alone', () => {
    const code: string = ofType('AWS::CloudFront::Function')[0][1].Properties.FunctionCode;
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the template's own CloudFront function code, which is what is under test
    const rewrite = new Function(`${code}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    const uri = (u: string) => rewrite({ request: { uri: u } }).uri;
    expect(['/', '/wallet', '/auth/verify', '/tournaments/abc/events'].map(uri)).toEqual(Array(4).fill('/index.html'));
    expect(['/assets/index-1a2b.js', '/favicon.svg'].map(uri)).toEqual(['/assets/index-1a2b.js', '/favicon.svg']);
  });
});

describe('settlement, alarms, outputs', () => {
  it('feeds each queue worker from a queue with a dead-letter queue, reporting partial batch failures', () => {
    template.hasResourceProperties('AWS::SQS::Queue', { RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: Match.anyValue() } });
    const mappings = ofType('AWS::Lambda::EventSourceMapping').filter(([, m]) => !m.Properties.StartingPosition);
    expect(mappings.map(([, m]) => m.Properties.FunctionName.Ref).sort()).toEqual(queues.map((q) => functionId(q.handler)).sort());
    for (const [, mapping] of mappings) expect(mapping.Properties).toMatchObject({ FunctionResponseTypes: ['ReportBatchItemFailures'] });
  });

  it("gives each queue worker its manifest timeout and its queue a visibility timeout of six times it: the export 15 minutes, settlement 2, the crowd broadcaster 30 s", () => {
    const mappings = ofType('AWS::Lambda::EventSourceMapping').filter(([, m]) => !m.Properties.StartingPosition);
    const timeouts = Object.fromEntries(
      queues.map((q) => {
        const fn = functionId(q.handler);
        const mapping = mappings.find(([, m]) => m.Properties.FunctionName.Ref === fn)![1];
        const queue = resources[mapping.Properties.EventSourceArn['Fn::GetAtt'][0]];
        return [q.name, { worker: resources[fn].Properties.Timeout, visibility: queue.Properties.VisibilityTimeout }];
      }),
    );
    expect(timeouts).toEqual({ settlement: { worker: 120, visibility: 720 }, export: { worker: 900, visibility: 5400 }, crowd: { worker: 30, visibility: 180 } });
  });

  it('feeds each stream consumer from the table stream: its filters, partial batch responses, bisect, retries, an on-failure queue; the read and send in its one inline policy', () => {
    const failures = Object.keys(resources).find((id) => id.startsWith('StreamConsumersFailures') && resources[id].Type === 'AWS::SQS::Queue');
    expect(failures).toBeDefined();
    for (const consumer of streamConsumers) {
      const mapping = ofType('AWS::Lambda::EventSourceMapping').find(([, m]) => m.Properties.FunctionName.Ref === functionId(consumer.handler));
      if (!mapping) throw new Error(`no event source mapping for ${consumer.name}`);
      expect(mapping[1].Properties, consumer.name).toMatchObject({
        EventSourceArn: { 'Fn::GetAtt': [expect.stringMatching(/^Table/), 'StreamArn'] },
        StartingPosition: 'LATEST',
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: 3,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [failures, 'Arn'] } } },
      });
      expect(mapping[1].Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual(streamFilterPatterns(consumer.filters));
      expect(actionsOf(consumer.handler)).toEqual(expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'sqs:SendMessage']));
      expect(ofType('AWS::IAM::Policy').filter(([, p]) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleIdOf(consumer.handler)))).toEqual([]);
    }
  });

  it('lets EventBridge Scheduler invoke the schedule targets only, and the stream consumer (its reminders) and the referee\'s result make the app\'s schedules and pass that role only', () => {
    const [roleId, role] = ofType('AWS::IAM::Role').find(([, r]) => r.Properties.AssumeRolePolicyDocument.Statement[0].Principal?.Service === 'scheduler.amazonaws.com')!;
    expect(role.Properties.Policies[0].PolicyDocument.Statement).toEqual(
      ['reminders/handlers/send-reminder', 'settlement/handlers/confirm-result-on-time'].map((handler) => ({ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [functionId(handler), 'Arn'] } })),
    );
    const statements = statementsOf('stream/handlers/table-stream');
    expect(statements).toContainEqual(expect.objectContaining({ Action: 'iam:PassRole', Resource: { 'Fn::GetAtt': [roleId, 'Arn'] } }));
    expect(JSON.stringify(statements.find((s) => asList(s.Action).includes('scheduler:CreateSchedule'))?.Resource)).toContain(':schedule/default/reminder-*');
    expect(environmentOf('stream/handlers/table-stream')).toMatchObject({ SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [roleId, 'Arn'] }, REMINDER_TARGET_ARN: { 'Fn::GetAtt': [functionId('reminders/handlers/send-reminder'), 'Arn'] } });
  });

  it('alarms on the API 5xx rate, DLQ depth, table throttles, and errors and throttles of every function', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => JSON.stringify(a.Properties));
    expect(alarms.some((a) => a.includes('5xx'))).toBe(true);
    expect(alarms.some((a) => a.includes('ApproximateNumberOfMessagesVisible'))).toBe(true);
    expect(alarms.some((a) => a.includes('WriteThrottleEvents') && a.includes('ReadThrottleEvents'))).toBe(true);
    for (const metricName of ['Errors', 'Throttles']) {
      const covered = alarms.filter((a) => a.includes(`"MetricName":"${metricName}"`)).join();
      for (const handler of handlers) expect(covered, `${metricName} of ${handler}`).toContain(`"Ref":"${functionId(handler)}"`);
    }
  });

  it('makes contention visible: an alarm on the table\'s TransactionConflict, and one on the share of bets answered 409, counted from the bet function\'s log lines', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/DynamoDB',
      MetricName: 'TransactionConflict',
      Dimensions: [{ Name: 'TableName', Value: Match.anyValue() }],
    });
    const betLogs = { Ref: Object.keys(resources).find((id) => id.startsWith('BettingCreateNewLogs') && resources[id].Type === 'AWS::Logs::LogGroup') };
    template.hasResourceProperties('AWS::Logs::MetricFilter', { LogGroupName: betLogs, FilterPattern: '{ $.statusCode = 409 }', MetricTransformations: [Match.objectLike({ MetricName: 'BetAnswered409' })] });
    template.hasResourceProperties('AWS::Logs::MetricFilter', { LogGroupName: betLogs, MetricTransformations: [Match.objectLike({ MetricName: 'BetAnswers' })] });
    const rate = ofType('AWS::CloudWatch::Alarm').find(([id]) => id.startsWith('Bet409RateAlarm'));
    expect(JSON.stringify(rate?.[1].Properties.Metrics)).toContain('100 * refused / answered');
  });

  it('outputs the site, API and WebSocket URLs', () => {
    for (const name of ['SiteUrl', 'ApiUrl', 'WebSocketUrl']) template.hasOutput(name, {});
  });

});

describe('AWS\'s own checks (cdk-nag)', () => {
  it('has no finding of the AwsSolutions and Serverless packs that is not acknowledged, each where it is made with a one-line reason', () => {
    for (const pack of [new AwsSolutionsChecks(), new ServerlessChecks()]) {
      const report = pack.validateScope(stack);
      const findings = report.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
      expect(findings, pack.readPackName).toEqual([]);
    }
    const reasons = stack.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
      .flatMap((m) => Object.values(m.data as Record<string, string>));
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(reason).toMatch(/^[^\n]{20,250}$/);
  });

  it('acknowledges nothing it fixed: no managed policy on the functions, API access logs, CloudFront logs, SSL-only topic, latest runtime', () => {
    const acknowledged = new Set(
      stack.node
        .findAll()
        .flatMap((c) => c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
        .flatMap((m) => Object.keys(m.data as object).map((id) => id.replace(/^annotation::/i, ''))),
    );
    const fixed = ['AwsSolutions-APIG1', 'Serverless-APIGWAccessLogging', 'AwsSolutions-CFR3', 'AwsSolutions-SNS3'];
    expect([...acknowledged].filter((id) => fixed.includes(id))).toEqual([]);
    // S1 only for the log bucket itself; IAM4 (managed policies) and L1 (runtime) only on CDK's and the account's own.
    const scopesOf = (id: string) =>
      stack.node.findAll().filter((c) => c.node.metadata.some((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY && Object.keys(m.data as object).some((k) => k.replace(/^annotation::/i, '').startsWith(id))));
    expect(scopesOf('AwsSolutions-S1').map((c) => c.node.id)).toEqual(['Logs']);
    expect(scopesOf('AwsSolutions-IAM4').map((c) => c.node.path).sort()).toEqual([expect.stringMatching(/Custom::CDKBucketDeployment/), 'Test/WebSocket/ApiGatewayLogsRole'].sort());
    expect(scopesOf('AwsSolutions-L1').map((c) => c.node.path)).toEqual([expect.stringMatching(/Custom::CDKBucketDeployment/)]);
  });
});

describe('logs', () => {
  const logGroupOf = (stage: Resource) => resources[stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt'][0]];

  it('both API stages write a JSON access log line per request to a log group with retention: status and error type show throttled requests (429, THROTTLED) and refused WebSocket connections', () => {
    for (const [name, [, stage]] of [['$default', ofType('AWS::ApiGatewayV2::Stage').find(([, r]) => r.Properties.StageName === '$default')!], ['ws', ofType('AWS::ApiGatewayV2::Stage').find(([, r]) => r.Properties.StageName === 'ws')!]] as const) {
      const format = JSON.parse(stage.Properties.AccessLogSettings.Format);
      expect(format, name).toMatchObject({ requestId: '$context.requestId', status: '$context.status', errorType: '$context.error.responseType', routeKey: '$context.routeKey', ip: '$context.identity.sourceIp' });
      expect(logGroupOf(stage).Properties.RetentionInDays, name).toBeGreaterThan(0);
    }
    const ws = ofType('AWS::ApiGatewayV2::Stage').find(([, r]) => r.Properties.StageName === 'ws')![1] as Resource & { DependsOn?: string[] };
    expect(JSON.parse(ws.Properties.AccessLogSettings.Format)).toMatchObject({ eventType: '$context.eventType', connectionId: '$context.connectionId' });
    // WebSocket stages log with the account's API Gateway role, which must be set first.
    const [[accountId, account]] = ofType('AWS::ApiGateway::Account');
    expect(ws.DependsOn).toContain(accountId);
    expect(resources[account.Properties.CloudWatchRoleArn['Fn::GetAtt'][0]].Properties.AssumeRolePolicyDocument.Statement[0].Principal).toEqual({ Service: 'apigateway.amazonaws.com' });
  });

  it('CloudFront writes standard logs to the log bucket, which deletes them after 90 days; the avatars and SPA buckets log their own requests there too', () => {
    const logging = ofType('AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig.Logging;
    const logsId = logging.Bucket['Fn::GetAtt'][0];
    expect(logging).toMatchObject({ Prefix: 'cloudfront/' });
    const logs = resources[logsId].Properties;
    expect(logs.LifecycleConfiguration.Rules).toEqual([expect.objectContaining({ Status: 'Enabled', ExpirationInDays: 90 })]);
    // CloudFront's standard logging writes with an ACL.
    expect(logs.OwnershipControls.Rules).toEqual([{ ObjectOwnership: 'ObjectWriter' }]);
    for (const [id, bucket] of ofType('AWS::S3::Bucket').filter(([id]) => id !== logsId)) {
      expect(bucket.Properties.LoggingConfiguration, id).toEqual({ DestinationBucketName: { Ref: logsId }, LogFilePrefix: expect.stringMatching(/\/$/) });
    }
  });

  it('the alarm topic takes only SSL publishers', () => {
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('CloudWatch may publish to the alarm topic, for this account\'s alarms only (a topic policy replaces SNS\'s default one)', () => {
    const [[topicId]] = ofType('AWS::SNS::Topic');
    const [[, policy]] = ofType('AWS::SNS::TopicPolicy');
    expect(policy.Properties.Topics).toEqual([{ Ref: topicId }]);
    const allowed = policy.Properties.PolicyDocument.Statement.filter((s: { Effect: string }) => s.Effect === 'Allow');
    expect(allowed).toEqual([
      expect.objectContaining({
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: 'sns:Publish',
        Resource: { Ref: topicId },
        Condition: { ArnLike: { 'aws:SourceArn': { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':cloudwatch:ap-south-1:123456789012:alarm:*']] } } },
      }),
    ]);
    // Every alarm of every stack notifies this topic.
    const alarms = ofType('AWS::CloudWatch::Alarm');
    expect(alarms.length).toBeGreaterThan(0);
    for (const [id, alarm] of alarms) expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: topicId }]);
  });
});

describe('dashboard', () => {
  /** A CloudFormation token in a dashboard body stands in as this many characters: the longest name a Lambda function may have, as long as any name or id the body refers to. */
  const TOKEN_STAND_IN_LENGTH = 64;
  type GraphMetric = { namespace?: string; metricName?: string; dimensions: string[]; options: { expression?: string; id?: string; label?: string; visible?: boolean } };

  /** A dashboard's widgets, its Fn::Join parsed with each token as a stand-in of its length, and the tokens by stand-in. */
  function dashboardWidgets(body: unknown): { widgets: { properties?: { title?: string; metrics?: unknown[][] } }[]; tokenOf: Map<string, unknown> } {
    const parts: unknown[] = typeof body === 'string' ? [body] : (body as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
    const tokenOf = new Map<string, unknown>();
    const text = parts
      .map((part, i) => {
        if (typeof part === 'string') return part;
        const standIn = `token${i}`.padEnd(TOKEN_STAND_IN_LENGTH, '_');
        tokenOf.set(standIn, part);
        return standIn;
      })
      .join('');
    return { widgets: JSON.parse(text).widgets, tokenOf };
  }

  /** A graph's metrics array entry: namespace, metric name and dimension pairs, then its options (an expression has only these). */
  const graphMetric = (entry: unknown[]): GraphMetric => {
    const options = (typeof entry[entry.length - 1] === 'object' ? entry[entry.length - 1] : {}) as GraphMetric['options'];
    const [namespace, metricName, ...dimensions] = entry.filter((e): e is string => typeof e === 'string');
    return { namespace, metricName, dimensions, options };
  };

  it(`keeps every metric math expression within CloudWatch's ${MAX_EXPRESSION_LENGTH} characters`, () => {
    const dashboards = ofType('AWS::CloudWatch::Dashboard');
    expect(dashboards.length).toBeGreaterThan(0);
    for (const [id, dashboard] of dashboards) {
      const { widgets } = dashboardWidgets(dashboard.Properties.DashboardBody);
      const expressions = widgets.flatMap((w) => (w.properties?.metrics ?? []).map((entry) => graphMetric(entry).options.expression).filter((e) => e !== undefined));
      expect(expressions.length, id).toBeGreaterThan(0);
      for (const expression of expressions) expect(expression.length, `${id}: ${expression.slice(0, 80)}…`).toBeLessThanOrEqual(MAX_EXPRESSION_LENGTH);
    }
  });

  it('sums the errors, and the throttles, of every function into one line each', () => {
    const [[, dashboard]] = ofType('AWS::CloudWatch::Dashboard');
    const { widgets, tokenOf } = dashboardWidgets(dashboard.Properties.DashboardBody);
    const graph = widgets.find((w) => w.properties?.title === 'Lambda: errors and throttles, all functions');
    const metrics = (graph?.properties?.metrics ?? []).map(graphMetric);
    const byId = new Map(metrics.filter((m) => m.options.id).map((m) => [m.options.id!, m]));
    /** The metrics a line reads, through the expressions it sums. */
    const read = (metric: GraphMetric): GraphMetric[] =>
      metric.options.expression === undefined ? [metric] : (metric.options.expression.match(/[a-z]\w*/gi) ?? []).filter((name) => byId.has(name)).flatMap((name) => read(byId.get(name)!));
    const lines = metrics.filter((m) => m.options.visible !== false);
    expect(lines.map((m) => m.options.label)).toEqual(['errors', 'throttles']);
    for (const [line, metricName] of [[lines[0], 'Errors'], [lines[1], 'Throttles']] as const) {
      const summed = read(line);
      expect(summed.every((m) => m.namespace === 'AWS/Lambda' && m.metricName === metricName && m.dimensions[0] === 'FunctionName'), metricName).toBe(true);
      const functionIds = summed.map((m) => (tokenOf.get(m.dimensions[1]) as { Ref: string }).Ref);
      expect(functionIds.sort(), metricName).toEqual(handlers.map(functionId).sort());
    }
  });

  it('shows the business metrics beside the API, Lambda, DynamoDB (TransactionConflict included) and queue figures', () => {
    const [[, dashboard]] = ofType('AWS::CloudWatch::Dashboard');
    const body = JSON.stringify(stack.resolve(dashboard.Properties.DashboardBody));
    const shows = (text: string) => expect(body.includes(text), text).toBe(true);
    for (const name of Object.values(METRIC)) shows(`"${name}`);
    shows(`{${METRICS_NAMESPACE},reason,service} MetricName=`);
    for (const figure of ['AWS/ApiGateway', 'ConnectCount', 'AWS/Lambda', 'ConcurrentExecutions', 'AWS/DynamoDB', 'TransactionConflict', 'WriteThrottleEvents', 'AWS/SQS', 'ApproximateAgeOfOldestMessage', 'BetAnswered409']) {
      shows(figure);
    }
  });
});

describe('room to grow (CloudFormation allows 500 resources a stack)', () => {
  /** The resources one HTTP endpoint brings: its function, role, log group, integration, route, and any permission or policy of its own. */
  function resourcesOfEndpoint(handler: string): string[] {
    const fnId = functionId(handler);
    const roleId = roleIdOf(handler);
    const integrations = ofType('AWS::ApiGatewayV2::Integration').filter(([, r]) => JSON.stringify(r.Properties.IntegrationUri).includes(`"${fnId}"`)).map(([id]) => id);
    const routes = ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => integrations.some((i) => JSON.stringify(r.Properties.Target).includes(`"${i}"`))).map(([id]) => id);
    const permissions = ofType('AWS::Lambda::Permission').filter(([, r]) => JSON.stringify(r.Properties.FunctionName).includes(`"${fnId}"`)).map(([id]) => id);
    const policies = ofType('AWS::IAM::Policy').filter(([, p]) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId)).map(([id]) => id);
    return [fnId, roleId, resources[fnId].Properties.LoggingConfig.LogGroup.Ref, ...integrations, ...routes, ...permissions, ...policies];
  }

  it('keeps each area\'s HTTP endpoints in its nested stack (functions, roles, log groups, integrations, routes), the WebSocket routes, workers, consumers and schedule targets in the parent', () => {
    expect([...resourcesOfStack.keys()].sort()).toEqual([stack.node.id, ...Object.keys(ROUTE_STACKS)].sort());
    const stackOf = (logicalId: string) => [...resourcesOfStack].filter(([, own]) => logicalId in own).map(([id]) => id);
    for (const route of routes) {
      const [area] = Object.entries(ROUTE_STACKS).find(([, areas]) => areas.includes(route.handler.split('/')[0]))!;
      for (const id of resourcesOfEndpoint(route.handler)) expect(stackOf(id), `${route.handler}: ${id}`).toEqual([area]);
    }
    for (const handler of handlers.filter((h) => !routes.some((r) => r.handler === h))) expect(stackOf(functionId(handler)), handler).toEqual([stack.node.id]);
  });

  it('has at most 300 resources in each stack (the parent and each nested stack) for today\'s routes', () => {
    for (const [id, own] of resourcesOfStack) expect(Object.keys(own).length, id).toBeLessThanOrEqual(300);
  });

  it('an endpoint costs 5 resources (function, role with inline policy, log group, integration, route: API Gateway invokes through one role), so 40 more fit in every stack', () => {
    const perEndpoint = Math.max(...routes.map((r) => resourcesOfEndpoint(r.handler).length));
    expect(perEndpoint).toBe(5);
    for (const [id, own] of resourcesOfStack) expect(Object.keys(own).length + 40 * perEndpoint, id).toBeLessThanOrEqual(500);
  });

  it('API Gateway invokes each nested stack\'s HTTP functions with that stack\'s one role (integration credentials), allowed on exactly those functions', () => {
    const integrations = ofType('AWS::ApiGatewayV2::Integration').filter(([, r]) => r.Properties.IntegrationType === 'AWS_PROXY' && r.Properties.PayloadFormatVersion === '2.0');
    expect(integrations).toHaveLength(routes.length);
    const invokedBy = new Map<string, string[]>();
    for (const [, integration] of integrations) {
      const role = integration.Properties.CredentialsArn['Fn::GetAtt'][0];
      invokedBy.set(role, [...(invokedBy.get(role) ?? []), integration.Properties.IntegrationUri['Fn::GetAtt'][0]]);
    }
    expect(invokedBy.size).toBe(Object.keys(ROUTE_STACKS).length);
    for (const [invokeRole, functionIds] of invokedBy) {
      const own = [...resourcesOfStack.values()].find((r) => invokeRole in r)!;
      expect(functionIds.every((id) => id in own), invokeRole).toBe(true);
      const invoke = ofType('AWS::IAM::Policy').filter(([, p]) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === invokeRole)).flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
      expect(invoke, invokeRole).toHaveLength(1);
      expect(invoke[0].Action).toBe('lambda:InvokeFunction');
      expect(asList(invoke[0].Resource).map((r: { 'Fn::GetAtt': string[] }) => r['Fn::GetAtt'][0]).sort(), invokeRole).toEqual([...functionIds].sort());
    }
    const httpHandlers = [...new Set(routes.map((r) => r.handler))];
    expect([...invokedBy.values()].flat().sort()).toEqual(httpHandlers.map(functionId).sort());
  });
});

describe('the figures docs/deploy.md gives, as synthesized (every stack)', () => {
  const deployDoc = readFileSync(path.join(REPO_ROOT, 'docs/deploy.md'), 'utf8');
  /** What a sentence of the doc says, by the pattern that reads it. */
  function documented(pattern: RegExp): string[] {
    const found = deployDoc.match(pattern);
    expect(found, `docs/deploy.md says nothing matching ${pattern}`).not.toBeNull();
    return found!.slice(1);
  }
  const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  const count = (figure: string) => (/^\d+$/.test(figure) ? Number(figure) : NUMBER_WORDS.indexOf(figure));
  /** CloudWatch's price of one metric an alarm evaluates, a month (standard resolution; each metric of a math expression counts). */
  const DOLLARS_PER_ALARM_METRIC = 0.1;

  it('the alarms\' cost: how many alarms, the metrics they evaluate and what they cost, and the functions whose errors and throttles they watch', () => {
    const [metrics, alarmCount, functionCount, functionMetrics, dollars] = documented(
      /(\d+) alarm metrics in (\d+) alarms: errors and throttles of each of the (\d+) functions \((\d+)\).*\| \$(\d+\.\d\d) \|$/m,
    );
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    /** The names of the metrics an alarm evaluates: its one metric, or those its math expression reads. */
    const metricNamesOf = (alarm: Record<string, any>): string[] =>
      alarm.MetricName ? [alarm.MetricName] : alarm.Metrics.filter((m: { MetricStat?: unknown }) => m.MetricStat).map((m: { MetricStat: { Metric: { MetricName: string } } }) => m.MetricStat.Metric.MetricName);
    const evaluated = alarms.flatMap(metricNamesOf);
    expect(count(alarmCount)).toBe(alarms.length);
    expect(count(metrics)).toBe(evaluated.length);
    expect(count(functionCount)).toBe(ofType('AWS::Lambda::Function').filter(([, r]) => String(r.Properties.Description).startsWith('functions/')).length);
    expect(count(functionMetrics)).toBe(evaluated.filter((name) => ['Errors', 'Throttles'].includes(name)).length);
    expect(dollars).toBe((evaluated.length * DOLLARS_PER_ALARM_METRIC).toFixed(2));
  });

  it('the functions\' roles: the inline and managed policies of each, and which also have a policy resource of their own', () => {
    const [inline, managed, withPolicyResource] = documented(/each function has a role of its own with (\w+) inline polic(?:y|ies) and (\w+) managed polic(?:y|ies) \(the (\w+) queue workers also have the `AWS::IAM::Policy`/);
    for (const figure of [inline, managed, withPolicyResource]) expect(count(figure), figure).toBeGreaterThanOrEqual(0);
    for (const handler of handlers) {
      const role = resources[roleIdOf(handler)].Properties;
      expect((role.Policies ?? []).length, handler).toBe(count(inline));
      expect((role.ManagedPolicyArns ?? []).length, handler).toBe(count(managed));
    }
    const policyRoles = new Set(ofType('AWS::IAM::Policy').flatMap(([, p]) => p.Properties.Roles.map((r: { Ref?: string }) => r.Ref)));
    const withOwnPolicy = handlers.filter((handler) => policyRoles.has(roleIdOf(handler)));
    expect(withOwnPolicy).toHaveLength(count(withPolicyResource));
    expect(withOwnPolicy.sort()).toEqual(queues.map((q) => q.handler).sort());
  });
});

describe('real bundling (one function)', () => {
  it('bundles with the local esbuild into an ESM asset with a source map, without Docker', () => {
    const app = new App({ outdir: mkdtempSync(path.join(tmpdir(), 'bpw-cdk-')) });
    const scope = new Stack(app, 'One', { env: { account: '123456789012', region: 'ap-south-1' } });
    const { fn } = new AppFunction(scope, {
      table: Table.fromTableName(scope, 'T', 'table'),
      avatars: Bucket.fromBucketName(scope, 'B', 'bucket'),
      avatarPrefix: 'avatars/',
      jwtSecret: Secret.fromSecretNameV2(scope, 'S', 'secret'),
      vapidSeed: Secret.fromSecretNameV2(scope, 'V', 'vapid'),
      mailFrom: MAIL_FROM,
      appOrigin: 'https://example.test',
      webSocket: { apiId: 'api', stageName: 'ws', callbackUrl: 'https://api/ws' },
      queues: new Map(),
      bundling: 'esbuild',
    }, { handler: 'notifications/handlers/join' });
    const props = Template.fromStack(scope).toJSON().Resources[scope.getLogicalId(fn.node.defaultChild as never)].Properties;
    expect(props.Handler).toBe('index.handler');
    const assetDir = path.join(app.outdir, `asset.${props.Code.S3Key.replace('.zip', '')}`);
    const files = readdirSync(assetDir).sort();
    expect(files).toEqual(['index.mjs', 'index.mjs.map']);
  }, 60_000);
});
