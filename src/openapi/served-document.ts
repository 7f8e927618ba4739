import { createHash } from 'node:crypto';

/** A JSON document serialized once, with its strong ETag, so serving it costs one header compare. */
export interface ServedDocument {
  body: Buffer;
  etag: string;
}

export function serveDocument(document: unknown): ServedDocument {
  const body = Buffer.from(JSON.stringify(document));
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}
