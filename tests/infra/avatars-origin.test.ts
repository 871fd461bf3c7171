// Nothing but an avatar is served under /avatars, in the cloud too (the local gateway's side:
// tests/integration/avatars-path.test.ts). The avatars bucket also holds organisers' exports (exports/,
// downloaded only through presigned links), so CloudFront's /avatars/* behaviour reads that bucket through
// origin access control and the bucket policy lets CloudFront read the avatars/ prefix only, for this
// distribution only: whatever path reaches S3, no other key is readable through CloudFront.
import { beforeAll, expect, it } from 'vitest';
import { EXPORT_PREFIX } from '../../shared/tournament-export.ts';
import { parentStackResources, type Resource } from './test-stack.ts';

type Statement = { Effect: string; Principal?: unknown; Action: string | string[]; Resource: unknown; Condition?: unknown };

let resources: Record<string, Resource>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const CLOUDFRONT = { Service: 'cloudfront.amazonaws.com' };

beforeAll(() => {
  resources = parentStackResources();
});

/** The bucket that holds the exports (its lifecycle rule deletes them): the avatars bucket. */
function exportsBucketId(): string {
  const holding = ofType('AWS::S3::Bucket').filter(([, b]) => b.Properties.LifecycleConfiguration?.Rules.some((r: { Prefix?: string }) => r.Prefix === EXPORT_PREFIX));
  expect(holding).toHaveLength(1);
  return holding[0][0];
}

it('serves /avatars/* from the avatars bucket (the one holding the exports) through origin access control', () => {
  const [[, distribution]] = ofType('AWS::CloudFront::Distribution');
  const config = distribution.Properties.DistributionConfig;
  const behaviour = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/avatars/*');
  const origin = config.Origins.find((o: { Id: string }) => o.Id === behaviour.TargetOriginId);
  expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [exportsBucketId(), 'RegionalDomainName'] });
  expect(origin.OriginAccessControlId).toBeDefined();
  expect(origin.OriginPath ?? '').toBe('');
  expect(origin.S3OriginConfig?.OriginAccessIdentity ?? '').toBe('');
});

it("lets CloudFront read the avatars bucket's avatars/ prefix only, and for this distribution only", () => {
  const bucketId = exportsBucketId();
  const [distributionId] = ofType('AWS::CloudFront::Distribution')[0];
  const policies = ofType('AWS::S3::BucketPolicy').filter(([, p]) => p.Properties.Bucket.Ref === bucketId);
  expect(policies).toHaveLength(1);
  const statements: Statement[] = policies[0][1].Properties.PolicyDocument.Statement;
  const allowed = statements.filter((s) => s.Effect === 'Allow');
  expect(allowed).toEqual([
    {
      Effect: 'Allow',
      Principal: CLOUDFRONT,
      Action: 's3:GetObject',
      Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, '/avatars/*']] },
      Condition: { StringEquals: { 'AWS:SourceArn': expect.anything() } },
    },
  ]);
  expect(JSON.stringify(allowed[0].Condition)).toContain(distributionId);
});
