import { z } from 'zod';
import { component } from '../common/openapi/components';
import { defineRouteDocs, errors } from '../common/openapi/route-doc';

const weight = z.number().int().min(1).max(1000);
const style = z.enum(['normal', 'italic']);

export const fontResponseSchema = component(
  'Font',
  z.strictObject({
    id: z.string().regex(/^fnt_[0-9A-Za-z]{20}$/),
    family: z.string().describe('The name templates use in `fontFamily`'),
    weight: weight.describe("From the font's OS/2 table"),
    style: style.describe("From the font's OS/2 and post tables"),
    format: z.enum(['ttf', 'otf', 'woff', 'woff2']),
    glyphs: z.number().int().min(1),
    createdAt: z.iso.datetime(),
  }),
  'An uploaded font face.',
);

export const fontListSchema = component(
  'FontList',
  z.strictObject({
    data: z
      .array(
        z.union([
          z.strictObject({ family: z.string(), source: z.literal('builtin'), weights: z.array(weight), styles: z.array(style), covers: z.string() }),
          z.strictObject({
            family: z.string(),
            source: z.literal('account'),
            weights: z.array(weight),
            styles: z.array(style),
            faces: z.array(z.strictObject({ id: z.string(), weight, style })),
          }),
        ]),
      )
      .describe('Families a template may name: the built-in ones, then the account’s own'),
    fallbacks: z.array(z.strictObject({ family: z.string(), covers: z.string() })).describe('Families drawn for characters the chosen family lacks'),
  }),
);

const fontUploadSchema = z.strictObject({
  file: z.string().describe('The font file (binary): TrueType, OpenType (CFF), WOFF or WOFF2, at most 10 MiB'),
  family: z.string().max(200).optional().describe("The family name templates use; defaults to the font's own (name table)"),
});

export const fontsRouteDocs = defineRouteDocs([
  {
    method: 'get',
    path: '/api/fonts',
    operationId: 'listFonts',
    tag: 'Fonts',
    summary: 'The font families a template may name',
    responses: {
      200: {
        description: 'Font families',
        schema: fontListSchema,
        examples: {
          builtin: {
            data: [
              { family: 'Inter', source: 'builtin', weights: [400, 700], styles: ['normal'], covers: 'Latin, Greek, Cyrillic' },
              {
                family: 'Brand Sans',
                source: 'account',
                weights: [400],
                styles: ['normal'],
                faces: [{ id: 'fnt_0123456789abcdefABCD', weight: 400, style: 'normal' }],
              },
            ],
            fallbacks: [{ family: 'Noto Color Emoji', covers: 'Colour emoji' }],
          },
        },
      },
    },
  },
  {
    method: 'post',
    path: '/api/fonts',
    operationId: 'uploadFont',
    tag: 'Fonts',
    summary: 'Upload a font face',
    description:
      'multipart/form-data with the file in `file` and an optional `family`. The file is read (tables, checksums, cmap ranges, glyph outlines) in a ' +
      'worker thread with a time and memory limit and loaded by the drawing library in a separate process before it is kept. A face with the same family (case-insensitive), weight and style replaces the old one and keeps its id. ' +
      'At most 100 fonts per account.',
    body: { schema: fontUploadSchema, mediaType: 'multipart/form-data' },
    responses: {
      201: { description: 'Kept', schema: fontResponseSchema },
      ...errors({ 400: ['font_invalid', 'font_limit', 'validation_failed'], 413: ['payload_too_large'], 415: ['unsupported_media_type'] }),
    },
  },
  {
    method: 'delete',
    path: '/api/fonts/:id',
    operationId: 'deleteFont',
    tag: 'Fonts',
    summary: 'Delete a font face',
    description: "Templates naming its family draw with the default family and warn `font_unavailable`. Another account's font answers 404 like a missing one.",
    params: { id: z.string().describe('Font id (`fnt_…`)') },
    responses: { 204: { description: 'Deleted' }, ...errors({ 404: ['font_not_found'] }) },
  },
]);
