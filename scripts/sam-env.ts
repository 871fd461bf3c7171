// `npm run sam-env`: the env.json for `sam local start-api --env-vars env.json` (docs/deploy.md) that runs
// the synthesized functions against a running local cloud (`npm start`). It is that cloud's functions'
// environment (DATA_DIR/functions-env.json, written at start) with its addresses as a Lambda container
// reaches them, as SAM's global "Parameters": SAM gives each function those of its template's variables
// (declared with `npm run synth -- -c local=true`). Lambda's own variables (region, credentials) are not
// in it: SAM passes the shell's, so run SAM with AWS_ACCESS_KEY_ID=local AWS_SECRET_ACCESS_KEY=local.
//   npm run sam-env -- [--data-dir .local] [--out env.json] [--host host.docker.internal] [--origin http://127.0.0.1:3001]
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FUNCTIONS_ENV_FILE } from '../infra/local/env.ts';

/** Set by Lambda itself, never by a template (CloudFormation refuses them): SAM takes them from the shell. */
const LAMBDA_RESERVED = new Set(['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']);

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? '.local' },
    out: { type: 'string', default: 'env.json' },
    // How a container reaches this machine: Docker Desktop's name; on Linux run SAM with
    // --docker-network host and pass --host 127.0.0.1.
    host: { type: 'string', default: 'host.docker.internal' },
    // Where `sam local start-api --port 3001` serves: the functions accept requests from this origin only.
    origin: { type: 'string', default: 'http://127.0.0.1:3001' },
  },
});

const source = path.join(values['data-dir'], FUNCTIONS_ENV_FILE);
const functionsEnv = JSON.parse(await readFile(source, 'utf8').catch(() => {
  throw new Error(`${source} not found: start the local cloud first (npm start, with DATA_DIR=${values['data-dir']})`);
})) as Record<string, string>;

const reachable = (value: string) => value.replace(/^(https?:\/\/)(127\.0\.0\.1|localhost)(?=[:/]|$)/, `$1${values.host}`);
const parameters = Object.fromEntries(
  Object.entries(functionsEnv)
    .filter(([name]) => !LAMBDA_RESERVED.has(name))
    .map(([name, value]) => [name, name === 'APP_ORIGIN' ? values.origin : reachable(value)]),
);
await writeFile(values.out, `${JSON.stringify({ Parameters: parameters }, null, 2)}\n`, { mode: 0o600 });
console.log(`Wrote ${values.out} for sam local start-api --env-vars ${values.out} (from ${source}; containers reach this machine as ${values.host})`);
