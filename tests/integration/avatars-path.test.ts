// Nothing but an avatar is served under /avatars: the local gateway decodes the path once and answers 404
// for any key outside the avatars prefix, so no spelling of `..` climbs to another prefix of the bucket,
// here an organiser's export (`exports/<tournamentId>/<exportId>.csv`, private, downloaded only through a
// presigned link). The cloud's side (CloudFront reads avatars/ only) is tests/infra/avatars-origin.test.ts.
import { request } from 'node:http';
import { expect, it } from 'vitest';
import { baseUrl } from './accounts-flows.ts';
import { createTournament, operatorClient } from './game-flows.ts';
import { waitFor } from './settlement-flows.ts';

/** GET of `path` exactly as written: fetch would resolve dot segments and backslashes before sending. */
function getRaw(path: string): Promise<{ status: number; cacheControl?: string; body: string }> {
  return new Promise((resolve, reject) => {
    request(`${baseUrl()}${path}`, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, cacheControl: res.headers['cache-control'], body }));
    })
      .on('error', reject)
      .end();
  });
}

it('answers 404, with none of the file, to every spelling of a climb from /avatars to an export', async () => {
  const operator = await operatorClient();
  const { _id: tournamentId } = await createTournament(operator);
  const started = await operator.post(`/admin/tournaments/${tournamentId}/export`);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const { exportId } = started.body.data;
  const job = await waitFor(() => operator.get(`/admin/tournaments/${tournamentId}/export/${exportId}`), (res) => res.body.data?.status !== 'pending');
  expect(job.body.data.status).toBe('ready');
  const csv = await (await fetch(job.body.data.url)).text();
  expect(csv).toMatch(/\S/);

  const file = `exports/${tournamentId}/${exportId}.csv`;
  const encoded = (separator: string) => file.replaceAll('/', separator);
  const getAll = (paths: string[]) => Promise.all(paths.map(async (path) => ({ path, ...(await getRaw(path)) })));
  const leaks = (answer: { body: string; cacheControl?: string }) => answer.body.includes(csv) || !!answer.cacheControl?.includes('public');
  const shown = (answers: { path: string; status: number; cacheControl?: string }[]) => answers.map((a) => `${a.path}: ${a.status} ${a.cacheControl ?? ''}`);
  // Under /avatars as the gateway routes (CloudFront matches its behaviours the same way): 404.
  const underAvatars = [
    `/avatars/..%2F${file}`,
    `/avatars/..%2f${encoded('%2f')}`,
    `/avatars/%2E%2E%2F${file}`,
    `/avatars/x/..%2F..%2F${file}`,
    `/avatars/..%252F${file}`,
    `/avatars/%252E%252E%252F${encoded('%252F')}`,
    `/avatars/..%5C${encoded('%5C')}`,
    `/avatars/%2E%2E%5C${file}`,
  ];
  expect(shown((await getAll(underAvatars)).filter((a) => a.status !== 404 || leaks(a)))).toEqual([]);
  // Dot segments the URL parser resolves before routing (`../`, `%2e%2e/`, backslashes) leave /avatars:
  // the app's page answers them, as it does any unknown path, never with the file.
  const resolvedAway = [`/avatars/../${file}`, `/avatars/%2e%2e/${file}`, `/avatars/.%2E/${file}`, `/avatars/..\\${encoded('\\')}`];
  expect(shown((await getAll(resolvedAway)).filter(leaks))).toEqual([]);
});
