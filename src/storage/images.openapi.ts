import { z } from 'zod';
import { defineRouteDocs, errors, ResponseDoc } from '../common/openapi/route-doc';
import { IMAGE_FILE_PATTERN, STORED_FILE_MEDIA } from '../design/output-formats';

const file = z.string().regex(IMAGE_FILE_PATTERN).describe("`<key>.<ext>` as in a render answer's `imageUrl` or a job's `resultUrl`");
const media = STORED_FILE_MEDIA;
const responses = (withBody: boolean): Record<number, ResponseDoc> => ({
  200: { description: 'The image', ...(withBody ? { media } : {}), headers: ['ETag', 'Cache-Control', 'Content-Security-Policy', 'X-Content-Type-Options'] },
  304: { description: 'Not modified (If-None-Match matched)', headers: ['ETag', 'Cache-Control', 'Content-Security-Policy', 'X-Content-Type-Options'] },
  ...errors({ 404: ['image_not_found'], 503: ['storage_unavailable'] }),
});

export const imagesRouteDocs = defineRouteDocs([
  {
    method: 'get',
    path: '/api/images/generated/:file',
    operationId: 'getImage',
    tag: 'Rendering',
    public: true,
    summary: 'A rendered image',
    description: 'No API key: the key is an unguessable HMAC. Immutable: `Cache-Control: public, max-age=31536000, immutable`.',
    params: { file },
    responses: responses(true),
  },
  {
    method: 'head',
    path: '/api/images/generated/:file',
    operationId: 'headImage',
    tag: 'Rendering',
    public: true,
    summary: "A rendered image's headers",
    params: { file },
    responses: responses(false),
  },
]);
