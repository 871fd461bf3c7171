// The cloud stack. So far: the single table, declared from the same definition the local cloud creates.
// The functions, APIs, buckets and distribution follow from the route manifest in the deploy issue.
import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { GSIS, TABLE_KEY, TTL_ATTRIBUTE } from '../shared/table.ts';

const str = (name: string) => ({ name, type: AttributeType.STRING });

export class BetPlayWinStack extends Stack {
  readonly table: Table;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    this.table = new Table(this, 'Table', {
      partitionKey: str(TABLE_KEY.partitionKey),
      sortKey: str(TABLE_KEY.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const g of GSIS) {
      this.table.addGlobalSecondaryIndex({ indexName: g.indexName, partitionKey: str(g.partitionKey), sortKey: str(g.sortKey) });
    }
  }
}
