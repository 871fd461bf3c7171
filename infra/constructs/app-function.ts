// One Lambda of the app (HTTP route, WebSocket route or queue worker) with everything it owns: its log
// group, its environment, and a role whose one inline policy holds the grants its entry in
// infra/needs.ts asks for plus writing to its own log group (no managed policy, no separate policy
// resource: 3 resources a function). Its alarms are grouped with the other functions' in
// infra/constructs/alarm.ts, and the API reaches it through one role (constructs/apis.ts), not a
// permission per function: CloudFormation allows 500 resources a stack.
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, LoggingFormat, Runtime, type FunctionProps, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ROUTE_TIMEOUT_SECONDS, scheduleTargets } from '../../shared/routes.ts';
import { EXPORT_PREFIX } from '../../shared/tournament-export.ts';
import { functionEntry, nodejsBundling, type BundlingMode } from '../bundling.ts';
import { acknowledge, acknowledgeWildcards } from '../nag.ts';
import { CLOUD_BET_GATES } from '../bet-gates.ts';
import { needsOf, type Needs, type TableAction } from '../needs.ts';

/** The shared resources and settings every function is built against. */
export interface FunctionPlatform {
  table: ITable;
  avatars: IBucket;
  /** Key prefix of avatar objects (the functions write `avatars/<userId>/…`). */
  avatarPrefix: string;
  jwtSecret: ISecret;
  /** The seed the VAPID key pair of Web Push is derived from (functions/platform/push-config.ts). */
  vapidSeed: ISecret;
  /** What the functions that schedule reminders pass EventBridge Scheduler: its role, and each target's ARN by its variable. */
  scheduling?: { roleArn: string; targetArns: Readonly<Record<string, string>> };
  mailFrom: string;
  appOrigin: string;
  /** ALLOWED_EMAIL_DOMAINS, TOURNAMENT_CREATORS and ALLOWANCE_FLOOR, passed through when set (functions/platform/config.ts has the defaults). */
  allowedEmailDomains?: string;
  tournamentCreators?: string;
  allowanceFloor?: string;
  webSocket: { apiId: string; stageName: string; callbackUrl: string };
  queues: ReadonlyMap<string, { queue: IQueue; urlEnv: string }>;
  bundling: BundlingMode;
  /** `-c local=true`: also declare SAM_LOCAL_VARIABLES, for `sam local start-api`. Never deploy it. */
  local?: boolean;
}

/**
 * Declared with `-c local=true` only (docs/deploy.md, SAM): SAM gives a function only the variables its
 * template declares, and its env.json can only fill those. Empty is unset, as in the cloud: the AWS SDK
 * ignores an empty endpoint, and config.ts reads the secret from JWT_SECRET_ARN while JWT_SECRET is empty.
 */
export const SAM_LOCAL_VARIABLES = ['JWT_SECRET', 'AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_DYNAMODB', 'AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL_SES', 'AWS_ENDPOINT_URL_SQS', 'S3_FORCE_PATH_STYLE'];

export interface AppFunctionProps {
  /** Module under functions/ exporting `handler`. */
  handler: string;
  memoryMb?: number;
  timeout?: Duration;
}

const DEFAULT_MEMORY_MB = 512;
const DEFAULT_TIMEOUT = Duration.seconds(ROUTE_TIMEOUT_SECONDS);
/**
 * The newest Node.js LTS runtime CDK offers. Bundles target node22 (infra/bundling.ts), which it runs;
 * local development stays on Node 20 (docs/deploy.md, "Runtime").
 */
export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;
/** Table actions that read; the others write and may be held to the function's key families. */
const READS: readonly TableAction[] = ['GetItem', 'BatchGetItem', 'Query'];

/** "identity/handlers/login-user" -> "IdentityLoginUser": a stable construct id (context and entry point). */
export const constructIdOf = (handler: string) =>
  handler
    .replace('/handlers/', '/')
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

export class AppFunction extends Construct {
  readonly fn: IFunction;
  /** Its log group: one JSON line per request (functions/platform/logger.ts), for metric filters. */
  readonly logGroup: LogGroup;
  readonly handler: string;
  readonly needs: Needs;
  /** The role's one inline policy. */
  private readonly policy: PolicyDocument;

  constructor(scope: Construct, platform: FunctionPlatform, props: AppFunctionProps) {
    super(scope, constructIdOf(props.handler));
    this.handler = props.handler;
    this.needs = needsOf(props.handler);
    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    this.policy = new PolicyDocument({ statements: this.statements(platform) });
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `functions/${props.handler}.ts`,
      inlinePolicies: { Function: this.policy },
    });

    const functionProps: Omit<FunctionProps, 'code' | 'handler'> = {
      description: `functions/${props.handler}.ts`,
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb ?? DEFAULT_MEMORY_MB,
      timeout: props.timeout ?? DEFAULT_TIMEOUT,
      loggingFormat: LoggingFormat.JSON,
      logGroup: this.logGroup,
      role,
      environment: this.environment(platform),
    };
    this.fn =
      platform.bundling === 'esbuild'
        ? new NodejsFunction(this, 'Function', { ...functionProps, entry: functionEntry(props.handler), handler: 'handler', bundling: nodejsBundling })
        : new LambdaFunction(this, 'Function', { ...functionProps, handler: 'index.handler', code: Code.fromInline('exports.handler = async () => ({ statusCode: 503 });') });

    acknowledge(this, 'Serverless-LambdaDLQ', 'Invoked synchronously (API Gateway) or by SQS, whose queue has its own dead-letter queue; a DLQ only catches asynchronous invocations.');
    acknowledge(this, 'Serverless-LambdaTracing', 'No X-Ray: each log line carries the request and correlation ids (Powertools), and tracing would add a cost per request.');
  }

  private scheduling(platform: FunctionPlatform): NonNullable<FunctionPlatform['scheduling']> {
    if (!platform.scheduling) throw new Error(`${this.handler} schedules reminders: create the schedule targets and their role first`);
    return platform.scheduling;
  }

  /** Adds to the role's one inline policy (what an event source needs: a stream to read, a destination). */
  addToPolicy(statement: PolicyStatement): void {
    this.policy.addStatements(statement);
  }

  private environment(platform: FunctionPlatform): Record<string, string> {
    const env: Record<string, string> = {
      TABLE_NAME: platform.table.tableName,
      // config() validates these in every function; only the avatar function is granted the bucket.
      AVATAR_BUCKET: platform.avatars.bucketName,
      ASSET_BASE_URL: '', // avatars are served by the same CloudFront origin at /avatars/*
      APP_ORIGIN: platform.appOrigin,
      MAIL_FROM: platform.mailFrom,
      JWT_SECRET_ARN: platform.jwtSecret.secretArn,
      // An event's betting gates: enough that a hot event's bets rarely meet on one (docs/benchmarks.md,
      // "A bet in one transaction: measured first, and the ceiling in AWS"); every function that writes events keeps them.
      BET_GATES: String(CLOUD_BET_GATES),
      NODE_OPTIONS: '--enable-source-maps',
    };
    if (platform.allowedEmailDomains) env.ALLOWED_EMAIL_DOMAINS = platform.allowedEmailDomains;
    if (platform.tournamentCreators) env.TOURNAMENT_CREATORS = platform.tournamentCreators;
    if (platform.allowanceFloor) env.ALLOWANCE_FLOOR = platform.allowanceFloor;
    if (this.needs.push) env.WS_MANAGEMENT_ENDPOINT = platform.webSocket.callbackUrl;
    if (this.needs.vapid) env.VAPID_SEED_ARN = platform.vapidSeed.secretArn;
    if (this.needs.schedules) Object.assign(env, { SCHEDULER_ROLE_ARN: this.scheduling(platform).roleArn }, this.scheduling(platform).targetArns);
    for (const name of this.needs.sends ?? []) {
      const target = platform.queues.get(name);
      if (!target) throw new Error(`${this.handler} sends to unknown queue "${name}"`);
      env[target.urlEnv] = target.queue.queueUrl;
    }
    if (platform.local) for (const name of SAM_LOCAL_VARIABLES) env[name] = '';
    return env;
  }

  private statements(platform: FunctionPlatform): PolicyStatement[] {
    const { needs } = this;
    const stack = Stack.of(this);
    const table = platform.table.tableArn;
    const reads = needs.table.filter((a) => READS.includes(a));
    // A function with `checks` has its ConditionCheckItem in a statement of its own, on more families than its writes.
    const checkApart = needs.writes !== undefined && needs.checks !== undefined && needs.table.includes('ConditionCheckItem');
    const writes = needs.table.filter((a) => !READS.includes(a) && !(checkApart && a === 'ConditionCheckItem'));
    const statements = [
      // Lambda writes the function's logs with its role: to its own log group only.
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [this.logGroup.logGroupArn] }),
      // config.ts reads the signing secret once per cold start, in every function.
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [platform.jwtSecret.secretArn] }),
    ];
    if (needs.schedules) {
      const { roleArn } = this.scheduling(platform);
      // Only the app's one-time schedules in the default group (by their names' prefixes), and passing only the scheduler role.
      const schedules = new PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'],
        resources: scheduleTargets.map((target) => stack.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `default/${target.namePrefix}*` })),
      });
      acknowledgeWildcards(this, [schedules], 'One schedule per event (reminder-<eventId>, confirm-<eventId>), made at run time: the name prefix is as narrow as it allows.');
      statements.push(schedules, new PolicyStatement({ actions: ['iam:PassRole'], resources: [roleArn] }));
    }
    if (needs.vapid) statements.push(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [platform.vapidSeed.secretArn] }));
    if (reads.length) statements.push(new PolicyStatement({ actions: reads.map((a) => `dynamodb:${a}`), resources: [table] }));
    if (writes.length) {
      // A function that writes only its caller's items may write only in their key families.
      const families = needs.writes && { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': needs.writes.map((family) => `${family}*`) } };
      statements.push(new PolicyStatement({ actions: writes.map((a) => `dynamodb:${a}`), resources: [table], conditions: families }));
    }
    if (checkApart) {
      const checked = [...(needs.writes ?? []), ...(needs.checks ?? [])].map((family) => `${family}*`);
      statements.push(new PolicyStatement({ actions: ['dynamodb:ConditionCheckItem'], resources: [table], conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': checked } } }));
    }
    if (needs.indexes?.length) {
      const resources = needs.indexes.map((name) => `${table}/index/${name}`);
      statements.push(new PolicyStatement({ actions: ['dynamodb:Query'], resources }));
    }
    if (needs.avatars?.length) {
      const objects = new PolicyStatement({ actions: needs.avatars.map((a) => `s3:${a}`), resources: [platform.avatars.arnForObjects(`${platform.avatarPrefix}*`)] });
      acknowledgeWildcards(this, [objects], 'Avatar keys are new on every upload (avatars/<userId>/<random>): the prefix is as narrow as the key design allows.');
      statements.push(objects);
    }
    if (needs.exports?.length) {
      const objects = new PolicyStatement({ actions: needs.exports.map((a) => `s3:${a}`), resources: [platform.avatars.arnForObjects(`${EXPORT_PREFIX}*`)] });
      acknowledgeWildcards(this, [objects], 'Export keys are new on every export job (exports/<tournamentId>/<exportId>.csv): the prefix is as narrow as the key design allows.');
      statements.push(objects);
    }
    if (needs.mail) {
      // Any verified identity, but only with MAIL_FROM as the sender.
      const identities = stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
      const mail = new PolicyStatement({ actions: ['ses:SendEmail'], resources: [identities], conditions: { StringEquals: { 'ses:FromAddress': platform.mailFrom } } });
      acknowledgeWildcards(this, [mail], 'SendEmail is authorised on the identities it uses, which SES verifies; the condition allows MAIL_FROM as the only sender.');
      statements.push(mail);
    }
    if (needs.push) {
      const { apiId, stageName } = platform.webSocket;
      // POST pushes to a connection, DELETE closes it (a session that ended).
      const connections = ['POST', 'DELETE'].map((method) =>
        stack.formatArn({ service: 'execute-api', resource: apiId, resourceName: `${stageName}/${method}/@connections/*` }),
      );
      const push = new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: connections });
      acknowledgeWildcards(this, [push], 'Connection ids are made by API Gateway at each connect: the stage and method are as narrow as it allows.');
      statements.push(push);
    }
    for (const name of needs.sends ?? []) {
      statements.push(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [platform.queues.get(name)!.queue.queueArn] }));
    }
    return statements;
  }
}
