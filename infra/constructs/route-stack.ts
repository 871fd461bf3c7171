// The HTTP endpoints of some areas of the API (infra/stack.ts ROUTE_STACKS) in a nested stack of their own:
// each route's function with its role and log group (app-function.ts), its integration and route on the
// parent's HTTP API, the role API Gateway invokes these functions with, and their error and throttle
// alarms. CloudFormation counts 500 resources per stack, a nested stack's apart from its parent's: an
// endpoint costs 5, so splitting them by area leaves every stack room for many more.
import { NestedStack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import type { RouteDef } from '../../shared/routes.ts';
import { addFunctionAlarms } from './alarm.ts';
import { HttpRoutes } from './apis.ts';
import { AppFunction, type FunctionPlatform } from './app-function.ts';

export interface RouteStackProps {
  httpApi: IHttpApi;
  platform: FunctionPlatform;
  routes: readonly RouteDef[];
  alarmAction: IAlarmAction;
}

export class RouteStack extends NestedStack {
  readonly functions: AppFunction[];

  constructor(scope: Construct, id: string, props: RouteStackProps) {
    super(scope, id, { description: `HTTP endpoints: ${[...new Set(props.routes.map((r) => r.handler.split('/')[0]))].join(', ')}` });
    // Construct ids named after the stack, so logical ids stay unique across the parent and its nested
    // stacks (the operator reads them in one list; tests/infra/stack.test.ts merges the templates).
    const httpRoutes = new HttpRoutes(this, `${id}Http`, props.httpApi);
    this.functions = props.routes.map((route) => {
      const fn = new AppFunction(this, props.platform, { handler: route.handler, memoryMb: route.memoryMb });
      httpRoutes.add(route, fn.fn);
      return fn;
    });
    addFunctionAlarms(new Construct(this, `${id}Alarms`), this.functions, props.alarmAction);
  }
}
