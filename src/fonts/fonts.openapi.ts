import { z } from 'zod';
import { component } from '../openapi/components';
import { defineRouteDocs } from '../openapi/route-doc';

export const fontListSchema = component(
  'FontList',
  z.strictObject({
    data: z.array(z.strictObject({ family: z.string(), weights: z.array(z.number().int()), covers: z.string() })).describe('Families a template may name'),
    fallbacks: z.array(z.strictObject({ family: z.string(), covers: z.string() })).describe('Families drawn for characters the chosen family lacks'),
  }),
);

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
            data: [{ family: 'Inter', weights: [400, 700], covers: 'Latin, Greek, Cyrillic' }],
            fallbacks: [{ family: 'Noto Color Emoji', covers: 'Colour emoji' }],
          },
        },
      },
    },
  },
]);
