// Names an account holds once across all its regions: CloudFront's response-headers policies and origin
// access controls, CloudWatch dashboards. With the stack's region in them, the same stack deploys to a
// second region of the account (a staging environment) without "already exists".
import { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** `<stack>-<what>-<region>`, e.g. BetPlayWin-SpaHeaders-ap-south-1. */
export function accountWideName(scope: IConstruct, what: string): string {
  const stack = Stack.of(scope);
  return `${stack.stackName}-${what}-${stack.region}`;
}
