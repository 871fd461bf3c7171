// `npm start` speaks to a person: the JSON lines our functions write through Powertools (one per request,
// and their warnings and errors) are shown as one short line each, e.g.
//   21:40:02 POST /api/v1/bet/create-new 201 14ms
//   21:40:03 POST /api/v1/bet/create-new 400 3ms  refused: Insufficient balance
//   21:40:04 WARN push failed  userId=… error=Error: socket hang up (web-push-delivery.ts:88)
// LOG_FORMAT=json keeps them as Powertools writes them (what CloudWatch stores), for piping into jq.
// Lines that are not Powertools JSON (the banner, the local services' own messages) pass untouched.

interface PowertoolsError {
  name?: string;
  message?: string;
  location?: string;
}

/** The fields Powertools adds to every line: not worth a reader's attention locally. */
const CONTEXT_FIELDS = new Set([
  'level',
  'message',
  'timestamp',
  'service',
  'cold_start',
  'function_name',
  'function_memory_size',
  'function_arn',
  'function_request_id',
  'sampling_rate',
  'correlation_id',
  'xray_trace_id',
]);
/** A request's line already says these. */
const REQUEST_FIELDS = new Set(['routeKey', 'path', 'statusCode', 'durationMs', 'userId', 'error']);

export function readableLogsWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.LOG_FORMAT !== 'json';
}

/** The readable form of one output line, or the line itself when it is not one of Powertools'. */
export function readableLine(line: string): string {
  if (!line.startsWith('{"level":')) return line;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = typeof entry.timestamp === 'string' ? clock(entry.timestamp) : '';
  const message = typeof entry.message === 'string' ? entry.message : JSON.stringify(entry.message ?? '');
  const error = entry.error ? `  ${errorText(entry.error)}` : '';
  if (typeof entry.routeKey === 'string' && typeof entry.statusCode === 'number') {
    const [method, template] = entry.routeKey.split(' ');
    const path = typeof entry.path === 'string' ? entry.path : template;
    const refusal = message.startsWith('request refused: ') ? `  refused: ${message.slice('request refused: '.length)}` : '';
    return `${time} ${method} ${path} ${entry.statusCode} ${String(entry.durationMs)}ms${refusal}${error}${extraFields(entry, REQUEST_FIELDS)}`;
  }
  return `${time} ${String(entry.level)} ${message}${extraFields(entry, new Set(['error']))}${error}`;
}

/** Rewrites what the process writes to stdout and stderr through readableLine, a line at a time. */
export function showLogsReadable(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      // Powertools writes each entry whole, with its newline, in one call.
      if (typeof chunk !== 'string' || !chunk.startsWith('{"level":')) return write(chunk, ...rest);
      return write(chunk.split('\n').map((line) => readableLine(line)).join('\n'), ...rest);
    });
  }
}

/** A moment as the terminal shows it: local time, to the second (21:40:02). */
export function clockTime(date = new Date()): string {
  return date.toTimeString().slice(0, 8);
}

function clock(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : clockTime(date);
}

function errorText(error: unknown): string {
  if (typeof error !== 'object' || error === null) return `error=${String(error)}`;
  const { name, message, location } = error as PowertoolsError;
  const where = location ? ` (${location.split('/').pop()})` : '';
  return `${name ?? 'Error'}: ${message ?? ''}${where}`;
}

function extraFields(entry: Record<string, unknown>, shown: Set<string>): string {
  const pairs = Object.entries(entry)
    .filter(([key, value]) => !CONTEXT_FIELDS.has(key) && !shown.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return pairs.length ? `  ${pairs.join(' ')}` : '';
}
