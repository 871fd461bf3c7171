// The one CloudFront distribution: the SPA from S3, /api/* to the HTTP API, /ws to the WebSocket API,
// /avatars/* from the avatars bucket. One origin for all of it keeps every cookie first-party.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Annotations, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement, ServicePrincipal, type Policy } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { accountWideName } from '../account-wide-name.ts';
import { acknowledge, acknowledgeWildcards } from '../nag.ts';
import { DATA_CONTENT_SECURITY_POLICY, FRAME_OPTIONS, HSTS_MAX_AGE_SECONDS, REFERRER_POLICY, SPA_CONTENT_SECURITY_POLICY } from '../security-headers.ts';

/** The avatars' key prefix: CloudFront asks S3 for a /avatars/* path as that key, so it is the behaviour's path too. */
const AVATARS_PREFIX = 'avatars/';

/** How long CloudFront's and S3's access logs are kept before S3 deletes them. */
export const ACCESS_LOG_RETENTION = Duration.days(90);

/**
 * Private, SSL-only, reachable only through CloudFront (origin access control), its own requests
 * (uploads, deploys, CloudFront's reads) logged to the log bucket under `<id>/`.
 */
export const privateBucket = (scope: Construct, id: string, logs: IBucket) =>
  new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: BucketEncryption.S3_MANAGED,
    removalPolicy: RemovalPolicy.RETAIN,
    serverAccessLogsBucket: logs,
    serverAccessLogsPrefix: `${id}/`,
  });

/**
 * Where CloudFront's standard logs and the buckets' access logs go, deleted after ACCESS_LOG_RETENTION.
 * CloudFront's standard logging writes with an ACL, so the bucket keeps ACLs (object writer owns).
 */
export function logBucket(scope: Construct, id: string): Bucket {
  const bucket = new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: BucketEncryption.S3_MANAGED,
    objectOwnership: ObjectOwnership.OBJECT_WRITER,
    lifecycleRules: [{ expiration: ACCESS_LOG_RETENTION, abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  acknowledge(bucket, 'AwsSolutions-S1', 'The log bucket itself: its access logs would be written into itself.');
  return bucket;
}

export interface SiteProps {
  /** The Vite build (web/dist). */
  spaDir: string;
  avatars: IBucket;
  /** CloudFront's standard logs go here (under cloudfront/), as do the SPA bucket's access logs. */
  logs: IBucket;
  httpApiDomain: string;
  /** The WebSocket API's domain; its stage name is the path the browser opens (/ws). */
  webSocketDomain: string;
  webSocketPath: string;
  domainName?: string;
  certificateArn?: string;
}

// Client routes (/auth/verify, /wallet…) have no dot in their last segment: serve the SPA's
// index.html for them. Only on the default behaviour, so an unknown /api/* path stays an API 404.
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** The security headers of infra/security-headers.ts with this CSP, overriding whatever the origin sent. */
const securityHeadersPolicy = (scope: Construct, id: string, contentSecurityPolicy: string, comment: string) =>
  new ResponseHeadersPolicy(scope, id, {
    responseHeadersPolicyName: accountWideName(scope, id),
    comment,
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: FRAME_OPTIONS as HeadersFrameOption, override: true },
      referrerPolicy: { referrerPolicy: REFERRER_POLICY as HeadersReferrerPolicy, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
    },
  });

export class Site extends Construct {
  readonly distribution: Distribution;
  readonly bucket: Bucket;
  /** https://<custom domain or CloudFront domain> */
  readonly url: string;
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    this.bucket = privateBucket(this, 'SpaBucket', props.logs);
    const spaOrigin = this.bucketOrigin(this.bucket, 'SpaAccess');
    // The avatars bucket holds private prefixes too (exports/). CDK's origin would let CloudFront read the
    // whole bucket, so it gets the bucket as an import (whose policy CDK leaves alone) and CloudFront's
    // read is granted below, on avatars/ only.
    const avatarsOrigin = this.bucketOrigin(
      Bucket.fromBucketAttributes(this, 'AvatarsOrigin', { bucketArn: props.avatars.bucketArn, bucketRegionalDomainName: props.avatars.bucketRegionalDomainName }),
      'AvatarsAccess',
    );
    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', { code: FunctionCode.fromInline(SPA_REWRITE), runtime: FunctionRuntime.JS_2_0 });

    const https = ViewerProtocolPolicy.REDIRECT_TO_HTTPS;
    // Every behaviour sends the security headers: the SPA's policy on pages and assets, a policy that
    // loads and runs nothing on data (API answers, avatars, the WebSocket handshake).
    const spaHeaders = securityHeadersPolicy(this, 'SpaHeaders', SPA_CONTENT_SECURITY_POLICY, 'Bet, Play, Win: the SPA');
    const dataHeaders = securityHeadersPolicy(this, 'DataHeaders', DATA_CONTENT_SECURITY_POLICY, 'Bet, Play, Win: API, avatars, WebSocket');
    // Nothing cached, every cookie, header (but Host: API Gateway routes by its own) and query string forwarded.
    const passThrough = (domain: string): BehaviorOptions => ({
      origin: new HttpOrigin(domain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: dataHeaders,
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Bet, Play, Win',
      domainNames: props.domainName ? [props.domainName] : undefined,
      certificate: props.certificateArn ? Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn) : undefined,
      httpVersion: HttpVersion.HTTP2_AND_3,
      // One line per request (throttled and refused ones too) in the log bucket.
      enableLogging: true,
      logBucket: props.logs,
      logFilePrefix: 'cloudfront/',
      minimumProtocolVersion: props.certificateArn ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      // Price class 200 includes India, where the campuses are.
      priceClass: PriceClass.PRICE_CLASS_200,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: spaOrigin,
        viewerProtocolPolicy: https,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: spaHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Hashed file names: cached for a year (the objects carry immutable Cache-Control).
        '/assets/*': { origin: spaOrigin, viewerProtocolPolicy: https, cachePolicy: CachePolicy.CACHING_OPTIMIZED, responseHeadersPolicy: spaHeaders },
        '/api/*': passThrough(props.httpApiDomain),
        [props.webSocketPath]: passThrough(props.webSocketDomain),
        // Avatar keys are new on every upload, so they cache like assets.
        [`/${AVATARS_PREFIX}*`]: {
          origin: avatarsOrigin,
          viewerProtocolPolicy: https,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: dataHeaders,
        },
      },
    });
    props.avatars.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [props.avatars.arnForObjects(`${AVATARS_PREFIX}*`)],
        conditions: { StringEquals: { 'AWS:SourceArn': this.distribution.distributionArn } },
      }),
    );
    acknowledge(this.distribution, '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac', 'The avatars origin is given its bucket as an import on purpose: its policy is written here, letting CloudFront read avatars/ only.');
    acknowledge(this.distribution, 'AwsSolutions-CFR1', 'A campus app open to every country: no geo restriction.');
    acknowledge(this.distribution, 'AwsSolutions-CFR2', 'No WAF yet: API Gateway throttles each route and the functions throttle logins; a web ACL costs a fixed monthly fee (docs/deploy.md).');
    if (!props.certificateArn) {
      acknowledge(this.distribution, 'AwsSolutions-CFR4', 'The default *.cloudfront.net certificate, whose TLS policy AWS fixes; with a domain (certificateArn) the minimum is TLS 1.2 (2021).');
    }
    this.domainName = props.domainName ?? this.distribution.distributionDomainName;
    this.url = `https://${this.domainName}`;
    this.deploySpa(props.spaDir);
  }

  /** CloudFront reads the bucket with origin access control, named for the region (account-wide names). */
  private bucketOrigin(bucket: IBucket, id: string) {
    const originAccessControl = new S3OriginAccessControl(this, id, { originAccessControlName: accountWideName(this, id) });
    return S3BucketOrigin.withOriginAccessControl(bucket, { originAccessControl });
  }

  private deploySpa(spaDir: string): void {
    const source = [Source.asset(this.spaSource(spaDir))];
    const common = { sources: source, destinationBucket: this.bucket, memoryLimit: 512 };
    // Hashed assets are never pruned: a tab opened before a deploy still loads its chunks.
    new BucketDeployment(this, 'DeployAssets', {
      ...common,
      include: ['assets/*'],
      exclude: ['*'],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
    });
    const pages = new BucketDeployment(this, 'DeployPages', {
      ...common,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    this.acknowledgeDeploymentFunction(pages);
  }

  /** CDK's function behind every BucketDeployment (one for the stack), as CDK builds it. */
  private acknowledgeDeploymentFunction(deployment: BucketDeployment): void {
    const fn = deployment.handlerRole.node.scope!;
    const reason = 'CDK\'s own BucketDeployment function, which runs only while deploying; its runtime and grants are CDK\'s.';
    acknowledge(fn, 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', reason);
    acknowledgeWildcards(fn, (deployment.handlerRole.node.findChild('DefaultPolicy') as Policy).document, reason);
    for (const rule of ['AwsSolutions-L1', 'Serverless-LambdaLatestVersion', 'Serverless-LambdaDLQ', 'Serverless-LambdaTracing']) acknowledge(fn, rule, reason);
  }

  /** web/dist, or (not built yet) a one-page placeholder so synth works anywhere. */
  private spaSource(spaDir: string): string {
    if (existsSync(path.join(spaDir, 'index.html'))) return spaDir;
    Annotations.of(this).addWarning(`${spaDir} has no index.html: deploying a placeholder page. Run \`npm run build:web\` first (npm run deploy does).`);
    const dir = mkdtempSync(path.join(tmpdir(), 'bpw-spa-placeholder-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Bet, Play, Win</title><p>The app has not been built: run npm run deploy.</p>\n');
    return dir;
  }
}
