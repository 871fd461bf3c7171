import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readableLine, readableLogsWanted, showLogsReadable } from './terminal-log.ts';

const at = '2026-11-26T21:40:02.123Z';
const clock = new Date(at).toTimeString().slice(0, 8);
const context = { timestamp: at, service: 'bet-play-win', cold_start: false, function_name: 'betting-handlers-create-new', function_request_id: 'r1', sampling_rate: 0, correlation_id: 'c1' };
const line = (entry: object) => JSON.stringify(entry);

describe('readable log lines of npm start', () => {
  it('shows a request as method, path, status and duration', () => {
    const entry = { level: 'INFO', message: 'request done', ...context, routeKey: 'GET /api/v1/game/event-details/{id}', path: '/api/v1/game/event-details/e1', statusCode: 200, durationMs: 14, userId: 'u1' };
    expect(readableLine(line(entry))).toBe(`${clock} GET /api/v1/game/event-details/e1 200 14ms`);
  });

  it("adds a refusal's reason and a failure's error with where it was thrown", () => {
    const refused = { level: 'INFO', message: 'request refused: Insufficient balance', ...context, routeKey: 'POST /api/v1/bet/create-new', path: '/api/v1/bet/create-new', statusCode: 400, durationMs: 3 };
    expect(readableLine(line(refused))).toBe(`${clock} POST /api/v1/bet/create-new 400 3ms  refused: Insufficient balance`);
    const failed = {
      level: 'ERROR',
      message: 'request failed',
      ...context,
      routeKey: 'POST /api/v1/bet/create-new',
      path: '/api/v1/bet/create-new',
      statusCode: 500,
      durationMs: 20,
      error: { name: 'Error', location: '/work/functions/betting/betting.ts:88', message: 'table gone', stack: 'Error: table gone\n    at …' },
    };
    expect(readableLine(line(failed))).toBe(`${clock} POST /api/v1/bet/create-new 500 20ms  Error: table gone (betting.ts:88)`);
  });

  it("shows other lines with their level, message and own fields, not Powertools' context", () => {
    const warning = { level: 'WARN', message: 'push failed', ...context, userId: 'u1', status: 410 };
    expect(readableLine(line(warning))).toBe(`${clock} WARN push failed  userId=u1 status=410`);
  });

  it('passes through what is not a Powertools line', () => {
    expect(readableLine('App:      http://localhost:3000')).toBe('App:      http://localhost:3000');
    expect(readableLine('{"level": broken')).toBe('{"level": broken');
  });

  it('rewrites what a stream is given, a line at a time, unless LOG_FORMAT=json', () => {
    const stream = new PassThrough() as unknown as NodeJS.WriteStream;
    const written: string[] = [];
    stream.on('data', (chunk: Buffer) => written.push(chunk.toString()));
    showLogsReadable([stream]);
    stream.write(`${line({ level: 'WARN', message: 'push failed', ...context })}\n`);
    stream.write('Ready in 3.1s\n');
    expect(written).toEqual([`${clock} WARN push failed\n`, 'Ready in 3.1s\n']);
    expect(readableLogsWanted({})).toBe(true);
    expect(readableLogsWanted({ LOG_FORMAT: 'json' })).toBe(false);
  });
});
