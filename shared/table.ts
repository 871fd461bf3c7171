// The single DynamoDB table, defined once: the local cloud creates it from this and the CDK stack
// declares it from this. Entity modules under functions/data own the key patterns (see README).

export const TABLE_KEY = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** Attribute DynamoDB's TTL reads (epoch seconds): sessions, codes, throttles, connections. */
export const TTL_ATTRIBUTE = 'ttl';

export interface IndexDef {
  indexName: string;
  partitionKey: string;
  sortKey: string;
}

/** Global secondary indexes, all projecting ALL attributes. Generic names so entities can share them. */
export const GSIS: readonly IndexDef[] = [
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
];

/** The table's stream: every change with both images, read by the stream consumers (shared/routes.ts). */
export const TABLE_STREAM = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' as const };

export const DEFAULT_TABLE_NAME = 'bet-play-win';

/** CreateTable input for DynamoDB (used verbatim by the local cloud and mirrored by the CDK stack). */
export function createTableInput(tableName: string) {
  const attrs = new Set<string>([TABLE_KEY.partitionKey, TABLE_KEY.sortKey]);
  for (const g of GSIS) {
    attrs.add(g.partitionKey);
    attrs.add(g.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    StreamSpecification: TABLE_STREAM,
    AttributeDefinitions: [...attrs].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: TABLE_KEY.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_KEY.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: GSIS.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
