// Request body parsing by the route manifest's `body` kind: JSON, multipart/form-data, or either.
import type busboy from 'busboy';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { AVATAR_MAX_BYTES } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { RouteBody } from '#shared/routes.ts';
import { HttpError } from './http-error.ts';

export interface UploadedFile {
  content: Buffer;
  /** Bigger than the upload limit: only the first MAX_UPLOAD_BYTES bytes were kept. */
  truncated: boolean;
  mimeType: string;
  filename: string;
}

export type ParsedBody = Record<string, unknown>;

/** The only upload is the avatar; anything bigger is cut here and refused by the domain. */
const MAX_UPLOAD_BYTES = AVATAR_MAX_BYTES;
const MULTIPART_LIMITS = { files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024, fileSize: MAX_UPLOAD_BYTES };

export const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' && value !== null && Buffer.isBuffer((value as UploadedFile).content);

const mimeType = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase() ?? '';

function rawBody(event: APIGatewayProxyEventV2): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

function parseJson(raw: Buffer, contentType: string | undefined): ParsedBody {
  // No body at all validates as {} so the schema can name the missing fields.
  if (raw.length === 0) return {};
  if (mimeType(contentType) !== 'application/json') throw new HttpError(415, MSG.unsupportedMediaType);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, MSG.malformedBody);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new HttpError(400, MSG.malformedBody);
  return parsed as ParsedBody;
}

/** Fields as strings and files as UploadedFile; the first part of a repeated name wins. */
async function parseMultipart(raw: Buffer, contentType: string): Promise<ParsedBody> {
  // Loaded on first use: only the multipart routes pay for it at cold start.
  const { default: createParser } = await import('busboy');
  return new Promise((resolve, reject) => {
    const malformed = () => reject(new HttpError(400, MSG.malformedBody));
    let parser: busboy.Busboy;
    try {
      parser = createParser({ headers: { 'content-type': contentType }, limits: MULTIPART_LIMITS });
    } catch {
      return malformed();
    }
    const parts: ParsedBody = {};
    parser.on('field', (name, value) => {
      if (!(name in parts)) parts[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (name in parts) return;
        const file: UploadedFile = {
          content: Buffer.concat(chunks),
          truncated: stream.truncated === true,
          mimeType: info.mimeType,
          filename: info.filename ?? '',
        };
        parts[name] = file;
      });
    });
    parser.on('close', () => resolve(parts));
    parser.on('error', malformed);
    parser.end(raw);
  });
}

export async function parseBody(kind: RouteBody, event: APIGatewayProxyEventV2): Promise<ParsedBody | undefined> {
  if (kind === 'none') return undefined;
  const contentType = event.headers['content-type'];
  const raw = rawBody(event);
  const isMultipart = mimeType(contentType) === 'multipart/form-data';
  if (kind === 'json' || (kind === 'json-or-multipart' && !isMultipart)) return parseJson(raw, contentType);
  if (!isMultipart || !contentType) throw new HttpError(415, MSG.unsupportedMediaType);
  return parseMultipart(raw, contentType);
}
