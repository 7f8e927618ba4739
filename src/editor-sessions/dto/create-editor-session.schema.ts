import { z } from 'zod';
import { MAX_LAYERS } from '../../design/template.schema';
import { parseAllowedOrigin } from './allowed-origin';

export const MIN_EXPIRES_IN = 60;
export const MAX_EXPIRES_IN = 86_400;
export const DEFAULT_EXPIRES_IN = 3_600;

const originSchema = z
  .string()
  .max(300)
  .transform((text, context) => {
    const parsed = parseAllowedOrigin(text);
    if ('reason' in parsed) {
      context.addIssue({ code: 'custom', message: `${JSON.stringify(text)} ${parsed.reason}` });
      return z.NEVER;
    }
    return parsed.origin;
  })
  .describe('`https://host[:port]`, or `http://localhost[:port]`; no path, wildcard, credentials or `null`');

export const editorSessionPermissionsSchema = z.strictObject({
  save: z.boolean().default(true).describe('May save the template (design mode)'),
  addLayers: z.boolean().default(true).describe('May add layers (design mode)'),
  uploadFonts: z.boolean().default(false).describe('May upload a font (POST /api/fonts)'),
  uploadAssets: z.boolean().default(false).describe('May upload an image asset (POST /api/assets)'),
  layers: z
    .array(z.string().min(1).max(100))
    .max(MAX_LAYERS)
    .nullable()
    .default(null)
    .describe('Names of the layers the person may change (and fill in, in form mode); absent or null: all'),
});

export const createEditorSessionSchema = z
  .strictObject({
    templateId: z.string().min(1).max(64).optional().describe('The template to edit or fill in; required in form mode'),
    mode: z.enum(['design', 'form']),
    allowedOrigins: z
      .array(originSchema)
      .min(1)
      .max(10)
      .transform((origins) => [...new Set(origins)])
      .describe('1–10 origins whose pages may frame the embed'),
    expiresIn: z.number().int().min(MIN_EXPIRES_IN).max(MAX_EXPIRES_IN).default(DEFAULT_EXPIRES_IN).describe('Seconds, 60–86400'),
    permissions: editorSessionPermissionsSchema.prefault({}),
  })
  .superRefine((body, context) => {
    if (body.mode === 'form' && body.templateId === undefined) {
      context.addIssue({ code: 'custom', path: ['templateId'], message: 'form mode needs a templateId' });
    }
  });

export type CreateEditorSessionInput = z.output<typeof createEditorSessionSchema>;
