// cdk-nag (the AwsSolutions and Serverless packs, run by tests/infra/stack.test.ts) acknowledgments: each
// finding the stack keeps is acknowledged on its resource, where it is made, with a one-line reason.
import { Stack, Validations } from 'aws-cdk-lib';
import type { PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
// How cdk-nag names a finding's resource: the ARN flattened, tokens as <LogicalId> or <LogicalId.Attribute>.
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';

/** Acknowledges rule `id` (e.g. 'AwsSolutions-APIG4') on `scope` and everything under it. */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

type StatementJson = { Effect?: string; Action?: string | string[]; Resource?: unknown };
const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Acknowledges AwsSolutions-IAM5 (wildcards) for each wildcard action and resource of these statements,
 * one finding each, named as cdk-nag names them. Named once the app is prepared (a construct validation
 * runs after that, before cdk-nag): in a nested stack a resource of the parent is then the parameter the
 * parent passes (<referenceto…>), which is the name cdk-nag sees.
 */
export function acknowledgeWildcards(scope: IConstruct, statements: readonly PolicyStatement[] | PolicyDocument, reason: string): void {
  let named = false;
  scope.node.addValidation({
    validate: () => {
      if (named) return [];
      named = true;
      const rendered = 'toJSON' in statements ? ((statements.toJSON() as { Statement?: unknown[] } | undefined)?.Statement ?? []) : statements.map((s): unknown => s.toStatementJson());
      const resolved = Stack.of(scope).resolve(rendered) as StatementJson[];
      for (const statement of resolved.filter((s) => s.Effect === 'Allow')) {
        for (const action of asList(statement.Action as string | string[])) {
          if (action.includes('*')) acknowledge(scope, `AwsSolutions-IAM5[Action::${action}]`, reason);
        }
        for (const resource of asList(statement.Resource).map(flattenCfnReference)) {
          if (resource.includes('*')) acknowledge(scope, `AwsSolutions-IAM5[Resource::${resource}]`, reason);
        }
      }
      return [];
    },
  });
}
