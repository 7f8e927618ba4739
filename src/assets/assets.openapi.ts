import { z } from 'zod';
import { component } from '../common/openapi/components';
import { defineRouteDocs, errors } from '../common/openapi/route-doc';
import { listAssetsQuerySchema } from './dto/list-assets.schema';

export const assetSchema = component(
  'Asset',
  z.strictObject({
    id: z
      .string()
      .regex(/^ast_[0-9A-Za-z]{20}$/)
      .describe('Use it in an image layer as `imageUrl: "asset:<id>"`'),
    width: z.number().int().min(1),
    height: z.number().int().min(1).describe('Of the first frame (GIF)'),
    format: z.enum(['png', 'jpeg', 'webp', 'avif', 'gif']),
    bytes: z.number().int().min(1),
    createdAt: z.iso.datetime(),
  }),
  'An image the account uploaded for its image layers; private: never served by the public images route.',
);

const ASSET_EXAMPLE = { id: 'ast_0123456789abcdefABCD', width: 512, height: 512, format: 'png', bytes: 48213, createdAt: '2026-11-26T02:30:00.000Z' };

const assetUploadSchema = z.strictObject({
  file: z.string().describe('The image (binary): PNG, JPEG, WebP, AVIF or GIF (first frame), at most 10 MiB and 50 megapixels'),
});

export const assetsRouteDocs = defineRouteDocs([
  {
    method: 'post',
    path: '/api/assets',
    operationId: 'uploadAsset',
    tag: 'Assets',
    summary: 'Upload an image for image layers',
    description:
      'multipart/form-data with the image in `file`: PNG, JPEG, WebP, AVIF or GIF (its first frame), at most 10 MiB and 50 megapixels. The format is ' +
      'recognised by its signature (SVG and other formats are refused), the declared size checked before decoding, and the first frame decoded to its ' +
      'end; anything else is a 400 `asset_invalid` and nothing is kept. At most 500 assets per account. Also accepts the dashboard session cookie with ' +
      'its CSRF token in `X-CSRF-Token`.',
    body: { schema: assetUploadSchema, mediaType: 'multipart/form-data' },
    responses: {
      201: { description: 'Kept', schema: assetSchema, examples: { logo: ASSET_EXAMPLE } },
      ...errors({ 400: ['asset_invalid', 'asset_limit', 'validation_failed'], 413: ['payload_too_large'], 415: ['unsupported_media_type'] }),
    },
  },
  {
    method: 'get',
    path: '/api/assets',
    operationId: 'listAssets',
    tag: 'Assets',
    summary: "The account's assets, newest first",
    query: listAssetsQuerySchema.shape,
    responses: {
      200: {
        description: 'A page of assets; pass `nextCursor` as `cursor` for the next (null on the last page)',
        schema: component('AssetList', z.strictObject({ data: z.array(assetSchema), nextCursor: z.string().nullable() })),
        examples: { one: { data: [ASSET_EXAMPLE], nextCursor: null } },
      },
      ...errors({ 400: ['validation_failed'] }),
    },
  },
  {
    method: 'get',
    path: '/api/assets/:id/thumbnail',
    operationId: 'getAssetThumbnail',
    tag: 'Assets',
    summary: 'A small drawing of an asset',
    description:
      'The asset re-encoded as WebP, at most 160 pixels on its long side (never enlarged): what the studio shows in its Assets panel. ' +
      "The uploaded bytes themselves are never served. Another account's asset answers 404 like a missing one. Also accepts the dashboard session " +
      'cookie with its CSRF token in `X-CSRF-Token`.',
    params: { id: z.string().describe('Asset id (`ast_…`)') },
    responses: {
      200: { description: 'The thumbnail', media: { 'image/webp': 'A WebP image' }, headers: ['Cache-Control', 'X-Content-Type-Options'] },
      ...errors({ 404: ['asset_not_found'] }),
    },
  },
  {
    method: 'delete',
    path: '/api/assets/:id',
    operationId: 'deleteAsset',
    tag: 'Assets',
    summary: 'Delete an asset',
    description:
      'Templates that name it keep their last stored renders; a new render (or an override naming it) skips the layer with the warning `image_unavailable`. ' +
      "Another account's asset answers 404 like a missing one.",
    params: { id: z.string().describe('Asset id (`ast_…`)') },
    responses: { 204: { description: 'Deleted' }, ...errors({ 404: ['asset_not_found'] }) },
  },
]);
