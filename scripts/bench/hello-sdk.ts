// A second baseline: hello-world plus the DynamoDB document client every function of ours creates at init,
// so the ratio against it shows what our own code adds on top of the AWS SDK's load time.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = () => Promise.resolve({ statusCode: 200, body: String(Boolean(client)) });
