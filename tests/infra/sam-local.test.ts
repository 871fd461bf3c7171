// `sam local start-api` as docs/deploy.md describes it, without SAM or Docker (neither is on this
// machine): the template of `npm run synth -- -c local=true` declares the variables SAM must pass, and the
// synthesized bundles, run with exactly what SAM would give them (the variables their template declares,
// filled from the env.json that `npm run sam-env` writes for the running local cloud, plus Lambda's own),
// answer real requests against that cloud.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { App, NestedStack, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../infra/bundling.ts';
import { AppFunction, SAM_LOCAL_VARIABLES } from '../../infra/constructs/app-function.ts';
import { LOCAL_REGION, localCredentials } from '../../infra/local/env.ts';
import { BetPlayWinStack } from '../../infra/stack.ts';
import { API_BASE_PATH } from '../../shared/constants.ts';
import { createClient } from '../helpers/api.ts';

const run = promisify(execFile);
const SAM_ORIGIN = 'http://127.0.0.1:3001';
type Resource = { Type: string; Properties: Record<string, any> };
type Variables = Record<string, unknown>;

/** Every function's declared variables in the stack's and its nested stacks' templates, by handler module. */
function declaredVariables(local: boolean): Map<string, Variables> {
  const stack = new BetPlayWinStack(new App(), 'Sam', { bundling: 'stub', local, spaDir: path.join(REPO_ROOT, 'no-such-build'), env: { account: '123456789012', region: 'ap-south-1' } });
  // SAM reads the nested stacks' templates too (cdk.out/*.nested.template.json, by their aws:asset:path).
  const stacks = [stack, ...stack.node.findAll().filter((c) => c instanceof NestedStack)] as Stack[];
  const resources = stacks.flatMap((s) => Object.values(Template.fromStack(s).toJSON().Resources as Record<string, Resource>));
  const functions = resources.filter((r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Description?.startsWith('functions/'));
  if (local) expect(Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('local=true')).length).toBe(1);
  return new Map(functions.map((f) => [f.Properties.Description.replace(/^functions\/|\.ts$/g, ''), f.Properties.Environment.Variables]));
}

/** What SAM gives a function: each declared variable, from env.json's Parameters when there, else the template's value (an unresolved reference is empty), plus Lambda's own. */
function samEnvironment(declared: Variables, parameters: Record<string, string>, name: string): Record<string, string> {
  const fromTemplate = Object.fromEntries(Object.entries(declared).map(([key, value]) => [key, parameters[key] ?? (typeof value === 'string' ? value : '')]));
  return {
    ...fromTemplate,
    // Lambda's own, which SAM sets from the shell (credentials as docs/deploy.md says to run SAM).
    AWS_REGION: LOCAL_REGION,
    AWS_DEFAULT_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    AWS_LAMBDA_FUNCTION_NAME: name,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '1024',
    AWS_LAMBDA_FUNCTION_TIMEOUT: '10',
    AWS_SAM_LOCAL: 'true',
  };
}

/** An HTTP API (payload 2.0) request as SAM's local API Gateway sends it. */
function httpEvent(method: string, route: string, body?: object) {
  const rawPath = `${API_BASE_PATH}${route}`;
  const host = new URL(SAM_ORIGIN).host;
  return {
    version: '2.0',
    routeKey: `${method} ${rawPath}`,
    rawPath,
    rawQueryString: '',
    headers: { host, origin: SAM_ORIGIN, 'content-type': 'application/json', 'user-agent': 'sam-local-test' },
    requestContext: {
      accountId: '123456789012',
      apiId: 'local',
      domainName: host,
      domainPrefix: 'localhost',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'sam-local-test' },
      requestId: randomUUID(),
      routeKey: `${method} ${rawPath}`,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    isBase64Encoded: false,
  };
}

let workDir: string;
let app: App;
const assets = new Map<string, { dir: string; declared: Variables }>();
let parameters: Record<string, string>;

beforeAll(async () => {
  // Under the repository, so the bundles find the AWS SDK in node_modules as Lambda's runtime provides it.
  workDir = mkdtempSync(path.join(REPO_ROOT, 'node_modules', '.cache-bpw-sam-'));
  const out = path.join(workDir, 'env.json');
  await run(process.execPath, ['--import', 'tsx', 'scripts/sam-env.ts', '--data-dir', inject('dataDir'), '--out', out, '--host', '127.0.0.1', '--origin', SAM_ORIGIN], { cwd: REPO_ROOT });
  parameters = JSON.parse(readFileSync(out, 'utf8')).Parameters;

  // The real bundles of two functions, synthesized with local=true as in the whole stack.
  app = new App({ outdir: path.join(workDir, 'cdk.out') });
  const scope = new Stack(app, 'One', { env: { account: '123456789012', region: 'ap-south-1' } });
  const built = ['identity/handlers/login-user', 'catalog/handlers/tournament-list'].map((handler, i) => {
    const { fn } = new AppFunction(
      scope,
      {
        table: Table.fromTableName(scope, `T${i}`, 'table-name-from-the-template'),
        avatars: Bucket.fromBucketName(scope, `B${i}`, 'bucket'),
        avatarPrefix: 'avatars/',
        jwtSecret: Secret.fromSecretNameV2(scope, `S${i}`, 'secret'),
        vapidSeed: Secret.fromSecretNameV2(scope, `V${i}`, 'vapid'),
        mailFrom: 'no-reply@example.test',
        appOrigin: 'https://example.test',
        webSocket: { apiId: 'api', stageName: 'ws', callbackUrl: 'https://api/ws' },
        queues: new Map(),
        bundling: 'esbuild',
        local: true,
      },
      { handler },
    );
    return { handler, logicalId: scope.getLogicalId(fn.node.defaultChild as never) };
  });
  const resources = Template.fromStack(scope).toJSON().Resources;
  for (const { handler, logicalId } of built) {
    const props = resources[logicalId].Properties;
    assets.set(handler, { dir: path.join(app.outdir, `asset.${props.Code.S3Key.replace('.zip', '')}`), declared: props.Environment.Variables });
  }
}, 180_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function invoke(handler: string, event: object): Promise<{ statusCode: number; body: string; cookies?: string[] }> {
  const { dir, declared } = assets.get(handler)!;
  const eventFile = path.join(workDir, `${randomUUID()}.json`);
  writeFileSync(eventFile, JSON.stringify(event));
  const resultFile = `${eventFile}.result`;
  await run(process.execPath, [path.join(REPO_ROOT, 'tests/infra/fixtures/invoke-bundle.mjs'), eventFile, resultFile], {
    cwd: dir,
    env: samEnvironment(declared, parameters, handler.replace('/', '-')),
    timeout: 60_000,
  });
  return JSON.parse(readFileSync(resultFile, 'utf8'));
}

describe('npm run synth -- -c local=true', () => {
  it('declares, in every function, the variables SAM must pass (empty: unset, as in the cloud); the deployable template does not', () => {
    const local = declaredVariables(true);
    expect(local.size).toBeGreaterThan(40);
    for (const [handler, variables] of local) {
      expect(Object.fromEntries(SAM_LOCAL_VARIABLES.map((name) => [name, variables[name]])), handler).toEqual(Object.fromEntries(SAM_LOCAL_VARIABLES.map((name) => [name, ''])));
    }
    for (const [handler, variables] of declaredVariables(false)) {
      expect(SAM_LOCAL_VARIABLES.filter((name) => name in variables), handler).toEqual([]);
    }
    // The bundles below are built the same way.
    expect(Object.keys(assets.get('identity/handlers/login-user')!.declared).sort()).toEqual(Object.keys(local.get('identity/handlers/login-user')!).sort());
  }, 180_000); // two syntheses of the whole app: 11 s on an idle machine, over 30 s on a busy one
});

describe('npm run sam-env', () => {
  it('writes the running cloud\'s functions environment as env.json Parameters, without Lambda\'s reserved variables', () => {
    expect(parameters.JWT_SECRET).toBe(inject('jwtSecret'));
    expect(parameters.AWS_ENDPOINT_URL_DYNAMODB).toBe(inject('cloudEnv').AWS_ENDPOINT_URL_DYNAMODB);
    expect(parameters).toMatchObject({ APP_ORIGIN: SAM_ORIGIN, S3_FORCE_PATH_STYLE: 'true', TABLE_NAME: inject('cloudEnv').TABLE_NAME });
    expect(parameters.AWS_ENDPOINT_URL_SES).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_local\/ses$/);
    for (const reserved of ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) expect(parameters).not.toHaveProperty(reserved);
  });
});

describe('the synthesized bundles, run as SAM runs them, against the local cloud', () => {
  it('log the seeded operator in, with a session the local cloud itself accepts', async () => {
    const answer = await invoke('identity/handlers/login-user', httpEvent('POST', '/user/login-user', { email: 'admin@betplaywin.local', password: 'admin-password-123' }));
    expect(answer.statusCode, answer.body).toBe(200);
    const accessToken = answer.cookies?.find((cookie) => cookie.startsWith('accessToken='))?.split(';')[0];
    expect(accessToken).toBeDefined();
    // Signed with the secret from env.json: the cloud's own gateway and functions accept the session.
    const viaCloud = await fetch(`${inject('baseUrl')}${API_BASE_PATH}/user/current-user`, { headers: { cookie: accessToken! } });
    expect(viaCloud.status).toBe(200);
    expect((await viaCloud.json()).data).toMatchObject({ role: 'operator' });
  });

  it('list the tournaments of the local table', async () => {
    const answer = await invoke('catalog/handlers/tournament-list', httpEvent('GET', '/game/tournament-list'));
    expect(answer.statusCode, answer.body).toBe(200);
    const seen = (await createClient(inject('baseUrl')).get('/game/tournament-list')).body.data as { _id: string }[];
    const listed = (JSON.parse(answer.body).data as { _id: string }[]).map((t) => t._id);
    expect(listed.length).toBeGreaterThan(0);
    expect(seen.map((t) => t._id)).toEqual(expect.arrayContaining(listed));
  });
});
