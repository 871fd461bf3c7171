// A CSV streamed into S3 as it is produced: a multipart upload fed row by row, with backpressure, so
// a file of any size never sits in memory; aborted (no partial object) when producing it fails.
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Upload } from '@aws-sdk/lib-storage';
import { stringify } from 'csv-stringify';
import { config } from './config.ts';
import { s3 } from './s3.ts';

export type WriteRow = (row: (string | number)[]) => Promise<void>;

/** Writes the rows `produce` gives into the app bucket at `key`, each string cell through `castString`; answers what `produce` answers. */
export async function uploadCsv<T>(key: string, castString: (text: string) => string, produce: (write: WriteRow) => Promise<T>): Promise<T> {
  const csv = stringify({ cast: { string: castString } });
  const body = new PassThrough();
  csv.pipe(body);
  const upload = new Upload({ client: s3(), params: { Bucket: config().avatarBucket, Key: key, Body: body, ContentType: 'text/csv; charset=utf-8' }, queueSize: 1 });
  const uploaded = upload.done();
  // Rows wait for the upload to take them (backpressure), so a slow upload never piles rows up in memory.
  const write: WriteRow = async (row) => {
    if (!csv.write(row)) await once(csv, 'drain');
  };
  try {
    const result = await produce(write);
    csv.end();
    await uploaded;
    return result;
  } catch (error) {
    csv.destroy();
    // The aborted upload's own promise rejects too: settled here, so the failure is reported once.
    await Promise.allSettled([upload.abort(), uploaded]);
    throw error;
  }
}
