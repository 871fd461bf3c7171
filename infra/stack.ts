// The cloud stack, built from the same manifest (shared/routes.ts) and table definition (shared/table.ts)
// the local cloud runs. Only configuration differs from local: see docs/deploy.md.
import path from 'node:path';
import { Annotations, ArnFormat, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { ThrottleSettings } from 'aws-cdk-lib/aws-apigatewayv2';
import { MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { AttributeType, BillingMode, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { queues, routes, scheduleTargets, streamConsumers, wsRoutes, type RouteDef } from '../shared/routes.ts';
import { GSIS, TABLE_KEY, TTL_ATTRIBUTE } from '../shared/table.ts';
import { EXPORT_PREFIX, EXPORT_RETENTION_DAYS } from '../shared/tournament-export.ts';
import { REPO_ROOT, type BundlingMode } from './bundling.ts';
import { addAlarm, addContentionAlarms, addFunctionAlarms, BET_HANDLER } from './constructs/alarm.ts';
import { AppHttpApi, AppWebSocketApi } from './constructs/apis.ts';
import { AppFunction, type FunctionPlatform } from './constructs/app-function.ts';
import { OperationsDashboard } from './constructs/dashboard.ts';
import { WorkQueue } from './constructs/queue-worker.ts';
import { RouteStack } from './constructs/route-stack.ts';
import { Site, logBucket, privateBucket } from './constructs/site.ts';
import { StreamConsumers } from './constructs/stream-consumer.ts';
import { STREAM_WORKER_TIMEOUT_SECONDS } from './stream-settings.ts';
import { acknowledge } from './nag.ts';

export interface BetPlayWinProps extends StackProps {
  /** 'esbuild' (default) bundles every function; 'stub' is for synth tests only. */
  bundling?: BundlingMode;
  /** The SPA build; default web/dist. */
  spaDir?: string;
  /** Custom domain for the distribution, with an ACM certificate in us-east-1 covering it. */
  domainName?: string;
  certificateArn?: string;
  /** SES sender (MAIL_FROM); default no-reply@<domainName>. Its identity must be verified in SES. */
  mailFrom?: string;
  /** ALLOWED_EMAIL_DOMAINS: registration limited to these comma-separated mail domains (and subdomains); unset: anyone. */
  allowedEmailDomains?: string;
  /** TOURNAMENT_CREATORS: 'verified' lets every verified user create tournaments; unset: operators and those they allow. */
  tournamentCreators?: string;
  /** ALLOWANCE_FLOOR: the daily allowance tops a bettor up to this many coins; unset: 100. */
  allowanceFloor?: string;
  /** Subscribed to the alarm topic when given. */
  alarmEmail?: string;
  /** HTTP and WebSocket stage throttling (requests per second, burst); default 1000/2000. */
  throttle?: ThrottleSettings;
  /** `-c local=true`: a template for `sam local start-api` (its functions declare SAM_LOCAL_VARIABLES); never deploy it. */
  local?: boolean;
}

/** Avatar objects live under this prefix (functions/identity/avatars.ts), served at /avatars/*. */
const AVATAR_PREFIX = 'avatars/';
/** The WebSocket stage is named like the path the browser opens, so CloudFront forwards /ws unchanged. */
const WEBSOCKET_PATH = '/ws';
const DEFAULT_THROTTLE: ThrottleSettings = { rateLimit: 1000, burstLimit: 2000 };
/**
 * The nested stack of each area's HTTP endpoints (infra/constructs/route-stack.ts), by the first part of
 * the handler's path; the WebSocket routes, queue workers, stream consumers and schedule targets stay in
 * this stack. A new area must be placed here; a stack nearing 500 resources (tests/infra/stack.test.ts,
 * room to grow) is split in two.
 */
export const ROUTE_STACKS: Readonly<Record<string, readonly string[]>> = {
  UserRoutes: ['identity', 'notifications', 'reminders'],
  PlayRoutes: ['betting', 'wallet', 'community', 'live', 'pools'],
  AdminRoutes: ['catalog', 'settlement', 'exports'],
};

const str = (name: string) => ({ name, type: AttributeType.STRING });

export class BetPlayWinStack extends Stack {
  readonly table: Table;
  readonly functions = new Map<string, AppFunction>();

  constructor(scope: Construct, id: string, props: BetPlayWinProps = {}) {
    super(scope, id, props);
    if (props.domainName && !props.certificateArn) throw new Error('domainName needs certificateArn (an ACM certificate in us-east-1)');
    const bundling = props.bundling ?? 'esbuild';
    if (bundling === 'stub') Annotations.of(this).addWarning('Functions are inline stubs (bundling=stub): for synth tests, never deploy this.');
    if (props.local) Annotations.of(this).addWarning('Functions declare local endpoint variables (local=true): for sam local, never deploy this.');
    const throttle = props.throttle ?? DEFAULT_THROTTLE;

    this.table = new Table(this, 'Table', {
      partitionKey: str(TABLE_KEY.partitionKey),
      sortKey: str(TABLE_KEY.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      // shared/table.ts TABLE_STREAM: read by the stream consumers (shared/routes.ts).
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const g of GSIS) {
      this.table.addGlobalSecondaryIndex({ indexName: g.indexName, partitionKey: str(g.partitionKey), sortKey: str(g.sortKey) });
    }

    const topic = new Topic(this, 'Alarms', { displayName: 'Bet, Play, Win alarms', enforceSSL: true });
    // enforceSSL writes a topic policy, which replaces SNS's default one: CloudWatch may publish only if
    // allowed here, for this account's alarms in this region.
    const alarmsHere = this.formatArn({ service: 'cloudwatch', resource: 'alarm', resourceName: '*', arnFormat: ArnFormat.COLON_RESOURCE_NAME });
    topic.addToResourcePolicy(
      new PolicyStatement({ principals: [new ServicePrincipal('cloudwatch.amazonaws.com')], actions: ['sns:Publish'], resources: [topic.topicArn], conditions: { ArnLike: { 'aws:SourceArn': alarmsHere } } }),
    );
    if (props.alarmEmail) {
      const subscription = topic.addSubscription(new EmailSubscription(props.alarmEmail));
      acknowledge(subscription, 'Serverless-SNSRedrivePolicy', 'The operator\'s alarm mail: its failures would sit in a queue nobody reads, whose alarm would mail the same address; CloudWatch keeps each alarm\'s history.');
    }
    const alarmAction = new SnsAction(topic);

    const logs = logBucket(this, 'Logs');
    const avatars = privateBucket(this, 'Avatars', logs);
    // Organiser exports are downloaded within minutes (a presigned link): kept a day, never served by CloudFront.
    avatars.addLifecycleRule({ prefix: EXPORT_PREFIX, expiration: Duration.days(EXPORT_RETENTION_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(EXPORT_RETENTION_DAYS) });
    const httpApi = new AppHttpApi(this, 'Http', { throttle });
    const webSocket = new AppWebSocketApi(this, 'WebSocket', { stageName: WEBSOCKET_PATH.slice(1), throttle });
    const site = new Site(this, 'Site', {
      spaDir: props.spaDir ?? path.join(REPO_ROOT, 'web/dist'),
      avatars,
      logs,
      httpApiDomain: httpApi.domainName,
      webSocketDomain: webSocket.domainName,
      webSocketPath: WEBSOCKET_PATH,
      domainName: props.domainName,
      certificateArn: props.certificateArn,
    });
    const workQueues = new Map(queues.map((q) => [q.name, { ...q, work: new WorkQueue(this, `${q.name}Queue`, { def: q, alarmAction }) }]));
    for (const { work } of workQueues.values()) {
      acknowledge(work.deadLetterQueue, 'Serverless-SQSRedrivePolicy', 'It is the dead-letter queue: messages end here, watched by an alarm, redriven by hand (npm run ops).');
    }

    const mailFrom = props.mailFrom ?? (props.domainName ? `no-reply@${props.domainName}` : undefined);
    if (!mailFrom) Annotations.of(this).addWarning('No mailFrom (or domainName) context: mail is sent from no-reply@example.com, which SES will refuse.');
    const platform: FunctionPlatform = {
      table: this.table,
      avatars,
      avatarPrefix: AVATAR_PREFIX,
      jwtSecret: this.jwtSecret(),
      vapidSeed: this.vapidSeed(),
      mailFrom: mailFrom ?? 'no-reply@example.com',
      appOrigin: site.url,
      allowedEmailDomains: props.allowedEmailDomains,
      tournamentCreators: props.tournamentCreators,
      allowanceFloor: props.allowanceFloor,
      webSocket: { apiId: webSocket.api.apiId, stageName: webSocket.stage.stageName, callbackUrl: webSocket.stage.callbackUrl },
      queues: new Map([...workQueues].map(([name, q]) => [name, { queue: q.work.queue, urlEnv: q.urlEnv }])),
      bundling,
      local: props.local,
    };
    const appFunctionFor = (handler: string, options: { memoryMb?: number; timeout?: Duration } = {}) => {
      const fn = new AppFunction(this, platform, { handler, ...options });
      this.functions.set(handler, fn);
      return fn;
    };
    const functionFor = (handler: string, options: { memoryMb?: number; timeout?: Duration } = {}) => appFunctionFor(handler, options).fn;

    // Schedule targets before the functions that schedule them (a referee's result in a route, reminders in the stream), which are given their ARNs and the role.
    const targetInvokes = new PolicyDocument();
    const schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: 'EventBridge Scheduler invoking the schedule targets (shared/routes.ts scheduleTargets)',
      inlinePolicies: { Invoke: targetInvokes },
    });
    const targetArns: Record<string, string> = {};
    for (const target of scheduleTargets) {
      const { fn } = appFunctionFor(target.handler, { timeout: Duration.seconds(STREAM_WORKER_TIMEOUT_SECONDS) });
      targetArns[target.arnEnv] = fn.functionArn;
      targetInvokes.addStatements(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
    }
    platform.scheduling = { roleArn: schedulerRole.roleArn, targetArns };

    const areaOf = (route: RouteDef) => route.handler.split('/')[0];
    const placed = new Set(Object.values(ROUTE_STACKS).flat());
    const unplaced = routes.filter((route) => !placed.has(areaOf(route)));
    if (unplaced.length) throw new Error(`No nested stack for ${unplaced.map((r) => r.handler).join(', ')}: add its area to ROUTE_STACKS`);
    for (const [id, areas] of Object.entries(ROUTE_STACKS)) {
      const routeStack = new RouteStack(this, id, { httpApi: httpApi.api, platform, routes: routes.filter((route) => areas.includes(areaOf(route))), alarmAction });
      for (const fn of routeStack.functions) this.functions.set(fn.handler, fn);
    }
    for (const route of wsRoutes) webSocket.addRoute(route.routeKey, functionFor(route.handler));
    for (const q of workQueues.values()) {
      q.work.feed(functionFor(q.handler, { timeout: q.work.workerTimeout }));
      acknowledge(this.functions.get(q.handler)!, 'Serverless-LambdaEventSourceMappingDestination', 'SQS event sources take no on-failure destination: a message failed 5 times moves to the queue\'s dead-letter queue.');
    }


    if (streamConsumers.length) {
      const consumers = new StreamConsumers(this, 'StreamConsumers', { table: this.table, alarmAction });
      for (const def of streamConsumers) consumers.feed(appFunctionFor(def.handler, { timeout: Duration.seconds(STREAM_WORKER_TIMEOUT_SECONDS) }), def);
    }

    // Each route stack alarms on its own functions; these are the others.
    addFunctionAlarms(this, [...this.functions.values()].filter((fn) => Stack.of(fn) === this), alarmAction);
    addAlarm(this, 'HttpApi5xxAlarm', { description: 'More than 1% of API requests answered 5xx for 15 minutes', metric: httpApi.serverErrorRate(), threshold: 1, evaluationPeriods: 3 }, alarmAction);
    const tableThrottles = new MathExpression({
      expression: 'reads + writes',
      usingMetrics: { reads: this.table.metric('ReadThrottleEvents', { statistic: 'Sum' }), writes: this.table.metric('WriteThrottleEvents', { statistic: 'Sum' }) },
      period: Duration.minutes(5),
      label: 'DynamoDB throttle events',
    });
    addAlarm(this, 'TableThrottleAlarm', { description: 'DynamoDB throttled requests on the table', metric: tableThrottles }, alarmAction);
    // Beside the bet function, whose log group its metric filters read.
    const bet = this.functions.get(BET_HANDLER)!;
    const contention = addContentionAlarms(Stack.of(bet), this.table, bet, alarmAction);
    new OperationsDashboard(this, 'Operations', {
      httpApi,
      webSocket,
      functions: [...this.functions.values()],
      table: this.table,
      queues: [...workQueues.values()].map((q) => q.work),
      contention,
    });

    new CfnOutput(this, 'SiteUrl', { value: site.url });
    new CfnOutput(this, 'ApiUrl', { value: `${site.url}/api/v1` });
    new CfnOutput(this, 'WebSocketUrl', { value: `wss://${site.domainName}${WEBSOCKET_PATH}` });
    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'TABLE_NAME for npm run ops' });
    new CfnOutput(this, 'AlarmTopicArn', { value: topic.topicArn });
  }

  /** Web Push's VAPID key pair is derived from this (functions/platform/push-config.ts): no key to make by hand. */
  private vapidSeed(): Secret {
    const secret = new Secret(this, 'VapidSeed', {
      description: 'Seed of the Web Push VAPID key pair (VAPID_SEED_ARN)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    acknowledge(secret, 'AwsSolutions-SMG4', 'Browsers subscribed with the public key: rotating it ends every push subscription, so it is rotated by hand (docs/deploy.md).');
    return secret;
  }

  private jwtSecret(): Secret {
    const secret = new Secret(this, 'JwtSecret', {
      description: 'HS256 signing secret of access and refresh tokens (JWT_SECRET)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    acknowledge(secret, 'AwsSolutions-SMG4', 'Rotating the signing key ends every session at once: rotated by hand when needed (docs/deploy.md).');
    return secret;
  }
}
