// Structured logs: one JSON object per line, which CloudWatch Logs Insights can query and the stack's
// metric filters count (e.g. bets answered 409).
import { Console } from 'node:console';

type Level = 'info' | 'warn' | 'error';

// A console of our own on the process's streams: Lambda's JSON log format wraps what the global console
// prints into the "message" string of its own line; written straight to stdout, each line stays a JSON
// object of its own (as Powertools Logger does it).
const output = new Console({ stdout: process.stdout, stderr: process.stderr });

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields });
  if (level === 'error') output.error(line);
  else output.log(line);
}

/** Error fields for a log line: the stack stays in the logs, never in an answer. */
export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  return { error: String(error) };
}
