// One Lambda of the app (HTTP route, WebSocket route or queue worker) with everything it owns: its log
// group, its environment and the grants its entry in infra/needs.ts asks for. (Its alarms are grouped
// with the other functions' in infra/constructs/alarm.ts: ~90 alarms would near CloudFormation's 500 resources.)
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, LoggingFormat, Runtime, type FunctionProps, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { functionEntry, nodejsBundling, type BundlingMode } from '../bundling.ts';
import { needsOf, type Needs } from '../needs.ts';

/** The shared resources and settings every function is built against. */
export interface FunctionPlatform {
  table: ITable;
  avatars: IBucket;
  /** Key prefix of avatar objects (the functions write `avatars/<userId>/…`). */
  avatarPrefix: string;
  jwtSecret: ISecret;
  mailFrom: string;
  appOrigin: string;
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
const DEFAULT_TIMEOUT = Duration.seconds(10);

/** "user/login-user" -> "UserLoginUser": a stable construct id. */
export const constructIdOf = (handler: string) =>
  handler
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

export class AppFunction extends Construct {
  readonly fn: IFunction;
  /** Its log group: one JSON line per request (functions/lib/logger.ts), for metric filters. */
  readonly logGroup: LogGroup;
  readonly handler: string;
  readonly needs: Needs;

  constructor(scope: Construct, platform: FunctionPlatform, props: AppFunctionProps) {
    super(scope, constructIdOf(props.handler));
    this.handler = props.handler;
    this.needs = needsOf(props.handler);
    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });

    const functionProps: Omit<FunctionProps, 'code' | 'handler'> = {
      description: `functions/${props.handler}.ts`,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb ?? DEFAULT_MEMORY_MB,
      timeout: props.timeout ?? DEFAULT_TIMEOUT,
      loggingFormat: LoggingFormat.JSON,
      logGroup: this.logGroup,
      environment: this.environment(platform),
    };
    this.fn =
      platform.bundling === 'esbuild'
        ? new NodejsFunction(this, 'Function', { ...functionProps, entry: functionEntry(props.handler), handler: 'handler', bundling: nodejsBundling })
        : new LambdaFunction(this, 'Function', { ...functionProps, handler: 'index.handler', code: Code.fromInline('exports.handler = async () => ({ statusCode: 503 });') });

    for (const statement of this.statements(platform)) this.fn.addToRolePolicy(statement);
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
      NODE_OPTIONS: '--enable-source-maps',
    };
    if (this.needs.push) env.WS_MANAGEMENT_ENDPOINT = platform.webSocket.callbackUrl;
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
    const statements = [
      // config.ts reads the signing secret once per cold start, in every function.
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [platform.jwtSecret.secretArn] }),
      new PolicyStatement({ actions: needs.table.map((a) => `dynamodb:${a}`), resources: [platform.table.tableArn] }),
    ];
    if (needs.indexes?.length) {
      const resources = needs.indexes.map((name) => `${platform.table.tableArn}/index/${name}`);
      statements.push(new PolicyStatement({ actions: ['dynamodb:Query'], resources }));
    }
    if (needs.avatars?.length) {
      const resources = [platform.avatars.arnForObjects(`${platform.avatarPrefix}*`)];
      statements.push(new PolicyStatement({ actions: needs.avatars.map((a) => `s3:${a}`), resources }));
    }
    if (needs.mail) {
      // Any verified identity, but only with MAIL_FROM as the sender.
      const identities = stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
      statements.push(
        new PolicyStatement({ actions: ['ses:SendEmail'], resources: [identities], conditions: { StringEquals: { 'ses:FromAddress': platform.mailFrom } } }),
      );
    }
    if (needs.push) {
      const { apiId, stageName } = platform.webSocket;
      // POST pushes to a connection, DELETE closes it (a session that ended).
      const connections = ['POST', 'DELETE'].map((method) =>
        stack.formatArn({ service: 'execute-api', resource: apiId, resourceName: `${stageName}/${method}/@connections/*` }),
      );
      statements.push(new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: connections }));
    }
    for (const name of needs.sends ?? []) {
      statements.push(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [platform.queues.get(name)!.queue.queueArn] }));
    }
    return statements;
  }
}
