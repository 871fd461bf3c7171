// What a handler's code actually reaches, read from its bundle (bundled as deploy and bench do): the AWS
// SDK commands it constructs, the DynamoDB indexes it names and the item kinds of its transactions. The
// SDK stays external, so its commands appear as named imports; our own code is tree-shaken, so a command
// (or an IndexName) that survives in the bundle is one some reachable code path uses.
import { build } from 'esbuild';
import path from 'node:path';
import { functionBundleOptions, REPO_ROOT, functionEntry } from '../../infra/bundling.ts';
import type { Needs, TableAction } from '../../infra/needs.ts';

/** A queue and the variable its producers read its URL from (shared/routes.ts `queues`). */
type QueueUrl = { name: string; urlEnv: string };

const TABLE_COMMANDS: Partial<Record<string, TableAction>> = {
  GetCommand: 'GetItem',
  BatchGetCommand: 'BatchGetItem',
  QueryCommand: 'Query',
  PutCommand: 'PutItem',
  BatchWriteCommand: 'BatchWriteItem',
  UpdateCommand: 'UpdateItem',
  DeleteCommand: 'DeleteItem',
};
/** TransactWriteItems is authorised per item: the action of each kind of item it holds. */
const TRANSACT_ITEMS: Record<string, TableAction> = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' };
/** config.ts reads the JWT secret in every function; the function construct grants it to all. */
const EVERY_FUNCTION = new Set(['GetSecretValueCommand']);
const S3_COMMANDS: Partial<Record<string, 'PutObject' | 'DeleteObject'>> = { PutObjectCommand: 'PutObject', DeleteObjectCommand: 'DeleteObject' };

/**
 * SDK commands the bundle constructs: `new <local name of a static import>(`, or a command destructured
 * from a dynamic `import("@aws-sdk/…")` (clients loaded on first use), whose property names survive.
 */
function constructedCommands(code: string): Set<string> {
  const used = new Set<string>();
  for (const [, specifiers] of code.matchAll(/import\{([^}]*)\}from"@aws-sdk\/[^"]+"/g)) {
    for (const specifier of specifiers.split(',')) {
      const [name, local = name] = specifier.split(' as ');
      if (name.endsWith('Command') && code.includes(`new ${local}(`)) used.add(name);
    }
  }
  if (code.includes('import("@aws-sdk/')) for (const [, name] of code.matchAll(/[{,]([A-Z]\w*Command):[\w$]+/g)) used.add(name);
  return used;
}

/** Whether the bundle constructs lib-storage's Upload (a multipart upload) under its imported local name. */
function constructsUpload(code: string): boolean {
  const specifiers = code.match(/import\{([^}]*)\}from"@aws-sdk\/lib-storage"/)?.[1] ?? '';
  return specifiers.split(',').some((specifier) => {
    const [name, local = name] = specifier.split(' as ');
    return name === 'Upload' && code.includes(`new ${local}(`);
  });
}

export function needsFromCode(code: string, queueDefs: readonly QueueUrl[]): Needs & { unknown: string[] } {
  const commands = constructedCommands(code);
  for (const command of EVERY_FUNCTION) commands.delete(command);
  const table = new Set<TableAction>();
  for (const command of commands) if (TABLE_COMMANDS[command]) table.add(TABLE_COMMANDS[command]);
  if (commands.has('TransactWriteCommand')) {
    for (const [key, action] of Object.entries(TRANSACT_ITEMS)) if (new RegExp(`[{,]${key}:`).test(code)) table.add(action);
  }
  // ChangeMessageVisibility: a queue worker bringing a failed record back sooner, on its own queue, which its event source grants it.
  const known = new Set([...Object.keys(TABLE_COMMANDS), ...Object.keys(S3_COMMANDS), 'GetObjectCommand', 'CreateScheduleCommand', 'UpdateScheduleCommand', 'DeleteScheduleCommand', 'TransactWriteCommand', 'SendEmailCommand', 'PostToConnectionCommand', 'DeleteConnectionCommand', 'SendMessageCommand', 'ChangeMessageVisibilityCommand']);
  const needs: Needs & { unknown: string[] } = { table: [...table].sort(), unknown: [...commands].filter((c) => !known.has(c)) };
  const indexes = [...new Set([...code.matchAll(/IndexName:"([^"]+)"/g)].map((m) => m[1]))].sort();
  if (indexes.length) needs.indexes = indexes;
  const avatars = [...commands].flatMap((c) => S3_COMMANDS[c] ?? []);
  if (avatars.length) needs.avatars = avatars.sort();
  // The organiser export: lib-storage's Upload (a multipart upload, aborted on failure) and a presigned GetObject.
  const exports = [...(constructsUpload(code) ? (['AbortMultipartUpload', 'PutObject'] as const) : []), ...(commands.has('GetObjectCommand') ? (['GetObject'] as const) : [])];
  if (exports.length) needs.exports = exports.sort();
  if (commands.has('SendEmailCommand')) needs.mail = true;
  if (commands.has('PostToConnectionCommand') || commands.has('DeleteConnectionCommand')) needs.push = true;
  // The VAPID seed's secret is read by name (functions/platform/push-config.ts), reachable only where pushes are signed.
  if (code.includes('VAPID_SEED_ARN')) needs.vapid = true;
  if (['CreateScheduleCommand', 'UpdateScheduleCommand', 'DeleteScheduleCommand'].some((c) => commands.has(c))) needs.schedules = true;
  // Each queue's producer reads its URL variable by name (settlement/settlement-queue.ts and its like): a tree-shaken bundle names only the queues it sends to.
  if (commands.has('SendMessageCommand')) {
    const sends = queueDefs.filter((q) => code.includes(`process.env.${q.urlEnv}`)).map((q) => q.name);
    if (sends.length) needs.sends = sends;
  }
  return needs;
}

/** Every handler bundled as the deploy bundles it (infra/bundling.ts), in one esbuild run in memory: its code by handler. */
export async function bundleAll(handlers: readonly string[]): Promise<Map<string, string>> {
  const outdir = path.join(REPO_ROOT, '.needs-bundles'); // never written: write is false
  const result = await build({
    ...functionBundleOptions,
    entryPoints: Object.fromEntries(handlers.map((h) => [h, functionEntry(h)])),
    outdir,
    write: false,
    logLevel: 'error',
  });
  return new Map(result.outputFiles.map((file) => [path.relative(outdir, file.path).replace(/\.js$/, ''), file.text]));
}

/** Bundles every handler and reads each one's needs. */
export async function codeNeeds(handlers: readonly string[], queueDefs: readonly QueueUrl[]): Promise<Map<string, ReturnType<typeof needsFromCode>>> {
  const bundles = await bundleAll(handlers);
  return new Map([...bundles].map(([handler, code]) => [handler, needsFromCode(code, queueDefs)]));
}
