// The two API Gateway APIs. Routes come from the manifest (shared/routes.ts); the functions behind
// them are made by the stack, so these constructs only wire API to function. Each stage writes an
// access log line per request (JSON) to a log group of its own: throttled requests (429,
// errorType THROTTLED) and refused WebSocket connections show there, with API Gateway's request id,
// which the function's log lines carry as correlation_id.
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpIntegrationType,
  HttpMethod,
  HttpRoute,
  HttpRouteIntegration,
  HttpRouteKey,
  HttpStage,
  IntegrationCredentials,
  LogGroupLogDestination,
  PayloadFormatVersion,
  WebSocketApi,
  WebSocketStage,
  type HttpRouteIntegrationConfig,
  type IHttpApi,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routeKey, type RouteDef } from '../../shared/routes.ts';
import { acknowledge } from '../nag.ts';

/** `${apiId}.execute-api.${region}.${suffix}`: the origin CloudFront sends to. */
const executeApiDomain = (scope: Construct, apiId: string) => `${apiId}.execute-api.${Stack.of(scope).region}.${Stack.of(scope).urlSuffix}`;

/** An access log line: one JSON object of API Gateway's $context variables. */
const jsonAccessLog = (fields: Record<string, string>) => AccessLogFormat.custom(JSON.stringify(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, `$context.${v}`]))));

const accessLogGroup = (scope: Construct) => new LogGroup(scope, 'AccessLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });

const NO_AUTHORIZER = 'Authorization is the function\'s: the session cookie is checked per the manifest\'s `auth` (functions/http/middleware.ts); public routes are public by design.';

/**
 * A Lambda proxy integration that API Gateway invokes with the API's role (IntegrationCredentials)
 * instead of a resource-based permission on the function: one role for a stack's routes rather than an
 * AWS::Lambda::Permission per route.
 */
class RoleInvokedLambda extends HttpRouteIntegration {
  constructor(
    id: string,
    private readonly fn: IFunction,
    private readonly role: Role,
  ) {
    super(id);
  }

  bind(): HttpRouteIntegrationConfig {
    return {
      type: HttpIntegrationType.AWS_PROXY,
      uri: this.fn.functionArn,
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      credentials: IntegrationCredentials.fromRole(this.role),
    };
  }
}

/** The access-log fields both stages record (a throttled request shows as errorType THROTTLED). */
const COMMON_ACCESS_LOG_FIELDS = {
  requestId: 'requestId',
  ip: 'identity.sourceIp',
  requestTime: 'requestTime',
  routeKey: 'routeKey',
  status: 'status',
  integrationStatus: 'integrationStatus',
  integrationLatency: 'integrationLatency',
  errorType: 'error.responseType',
  error: 'error.message',
};

export class AppHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: { throttle: ThrottleSettings }) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', { createDefaultStage: false });
    this.accessLogs = accessLogGroup(this);
    // $default: paths reach the functions as the browser sent them (/api/v1/...), no stage prefix.
    this.stage = new HttpStage(this, 'Stage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: jsonAccessLog({
          ...COMMON_ACCESS_LOG_FIELDS,
          method: 'httpMethod',
          protocol: 'protocol',
          responseLength: 'responseLength',
          responseLatency: 'responseLatency',
          integrationError: 'integrationErrorMessage',
        }),
      },
    });
    this.domainName = executeApiDomain(this, this.api.apiId);
  }

  /** Per cent of requests answered 5xx over `period`, 0 until there are enough requests to judge. */
  serverErrorRate(period = Duration.minutes(5), minRequests = 20): MathExpression {
    return new MathExpression({
      expression: `IF(requests >= ${minRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { errors: this.api.metricServerError({ period, statistic: 'Sum' }), requests: this.api.metricCount({ period, statistic: 'Sum' }) },
      period,
      label: 'HTTP API 5xx rate (%)',
    });
  }
}

/**
 * Routes of the HTTP API made in another scope than the API's (a nested stack of routes, infra/constructs/
 * route-stack.ts): each route and its integration live there, with the role API Gateway invokes that
 * scope's functions with, allowed lambda:InvokeFunction on exactly those functions.
 */
export class HttpRoutes extends Construct {
  private readonly invokeRole: Role;
  private readonly invokeStatement = new PolicyStatement({ actions: ['lambda:InvokeFunction'] });

  constructor(
    scope: Construct,
    id: string,
    private readonly httpApi: IHttpApi,
  ) {
    super(scope, id);
    this.invokeRole = new Role(this, 'InvokeRole', { assumedBy: new ServicePrincipal('apigateway.amazonaws.com'), description: `API Gateway invokes the functions of ${Stack.of(this).node.id}` });
    this.invokeRole.addToPolicy(this.invokeStatement);
  }

  add(route: RouteDef, fn: IFunction): void {
    this.invokeStatement.addResources(fn.functionArn);
    const integration = new RoleInvokedLambda(`${route.method}${route.path}`, fn, this.invokeRole);
    const added = new HttpRoute(this, `${route.method}${route.path}`, {
      httpApi: this.httpApi,
      routeKey: HttpRouteKey.with(routeKey(route).split(' ')[1], HttpMethod[route.method]),
      integration,
    });
    acknowledge(added, 'AwsSolutions-APIG4', NO_AUTHORIZER);
  }
}

export class AppWebSocketApi extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly accessLogs: LogGroup;
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: { stageName: string; throttle: ThrottleSettings }) {
    super(scope, id);
    this.api = new WebSocketApi(this, 'Api', { routeSelectionExpression: '$request.body.action' });
    this.accessLogs = accessLogGroup(this);
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: props.stageName,
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: jsonAccessLog({
          ...COMMON_ACCESS_LOG_FIELDS,
          eventType: 'eventType',
          connectionId: 'connectionId',
        }),
      },
    });
    this.stage.node.addDependency(this.cloudWatchRoleOfAccount());
    this.domainName = executeApiDomain(this, this.api.apiId);
  }

  /**
   * WebSocket stages write their logs with the role set in API Gateway's account settings (one per
   * account and region; HTTP APIs need none): set it, and keep it if the stack goes, since other APIs
   * of the account may log with it.
   */
  private cloudWatchRoleOfAccount(): CfnAccount {
    const role = new Role(this, 'ApiGatewayLogsRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      description: 'API Gateway account settings: writes the logs of REST and WebSocket APIs',
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
    });
    role.applyRemovalPolicy(RemovalPolicy.RETAIN);
    acknowledge(
      role,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      'The account-wide API Gateway logging role, which serves any API of the account: the managed policy the API Gateway guide prescribes.',
    );
    const account = new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: role.roleArn });
    account.applyRemovalPolicy(RemovalPolicy.RETAIN);
    return account;
  }

  addRoute(key: string, fn: IFunction): void {
    const integration = new WebSocketLambdaIntegration(key.replace('$', ''), fn);
    // Custom routes answer the client (join's status); $connect/$disconnect have no one to answer.
    const route = this.api.addRoute(key, { integration, returnResponse: !key.startsWith('$') });
    acknowledge(route, 'AwsSolutions-APIG4', NO_AUTHORIZER);
  }
}
