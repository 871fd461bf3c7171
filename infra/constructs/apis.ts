// The two API Gateway APIs. Routes come from the manifest (shared/routes.ts); the functions behind
// them are made by the stack, so these constructs only wire API to function.
import { Duration, Stack } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, WebSocketApi, WebSocketStage, type ThrottleSettings } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { routeKey, type RouteDef } from '../../shared/routes.ts';

/** `${apiId}.execute-api.${region}.${suffix}`: the origin CloudFront sends to. */
const executeApiDomain = (scope: Construct, apiId: string) => `${apiId}.execute-api.${Stack.of(scope).region}.${Stack.of(scope).urlSuffix}`;

export class AppHttpApi extends Construct {
  readonly api: HttpApi;
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: { throttle: ThrottleSettings }) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', { createDefaultStage: false });
    // $default: paths reach the functions as the browser sent them (/api/v1/...), no stage prefix.
    new HttpStage(this, 'Stage', { httpApi: this.api, stageName: '$default', autoDeploy: true, throttle: props.throttle });
    this.domainName = executeApiDomain(this, this.api.apiId);
  }

  addRoute(route: RouteDef, fn: IFunction): void {
    const integration = new HttpLambdaIntegration(`${route.method}${route.path}`, fn);
    this.api.addRoutes({ path: routeKey(route).split(' ')[1], methods: [HttpMethod[route.method]], integration });
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

export class AppWebSocketApi extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: { stageName: string; throttle: ThrottleSettings }) {
    super(scope, id);
    this.api = new WebSocketApi(this, 'Api', { routeSelectionExpression: '$request.body.action' });
    this.stage = new WebSocketStage(this, 'Stage', { webSocketApi: this.api, stageName: props.stageName, autoDeploy: true, throttle: props.throttle });
    this.domainName = executeApiDomain(this, this.api.apiId);
  }

  addRoute(key: string, fn: IFunction): void {
    const integration = new WebSocketLambdaIntegration(key.replace('$', ''), fn);
    // Custom routes answer the client (join's status); $connect/$disconnect have no one to answer.
    this.api.addRoute(key, { integration, returnResponse: !key.startsWith('$') });
  }
}
