import { z } from 'zod';
import { component } from '../common/openapi/components';
import { defineRouteDocs, errors } from '../common/openapi/route-doc';
import { createEditorSessionSchema } from './dto/create-editor-session.schema';

component('EditorSessionRequest', createEditorSessionSchema, 'An editor session (§23): who may frame it, for how long, and what the person may do.');

const timestamp = z.iso.datetime();

const permissionsSchema = z.strictObject({
  save: z.boolean(),
  addLayers: z.boolean(),
  uploadFonts: z.boolean(),
  uploadAssets: z.boolean(),
  layers: z.array(z.string()).nullable().describe('Layers the person may change; null: all'),
});

const createdSchema = component(
  'EditorSessionCreated',
  z.strictObject({
    id: z.string().describe('`eds_` + 20 base62 characters'),
    url: z.string().describe('`<PUBLIC_BASE_URL>/embed/<token>`: put it in an iframe. The token is shown here once and stored only hashed.'),
    expiresAt: timestamp,
  }),
);

const sessionSchema = component(
  'EditorSession',
  z.strictObject({
    id: z.string(),
    mode: z.enum(['design', 'form']),
    templateId: z.string().nullable().describe('null until a design session created without one saves its first template'),
    allowedOrigins: z.array(z.string()),
    permissions: permissionsSchema,
    createdAt: timestamp,
    expiresAt: timestamp,
  }),
);

const SESSION_EXAMPLE = {
  id: 'eds_4fHq8ZkLmN2pR7sT1vXy',
  mode: 'form',
  templateId: 'tpl_8hQ2xZ4kLmN7pR1s',
  allowedOrigins: ['https://app.example.com'],
  permissions: { save: true, addLayers: true, uploadFonts: false, uploadAssets: false, layers: ['title'] },
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-11-26T11:00:00.000Z',
};

export const editorSessionsRouteDocs = defineRouteDocs([
  {
    method: 'post',
    path: '/api/editor-sessions',
    operationId: 'createEditorSession',
    tag: 'Editor sessions',
    summary: 'Open the studio or a form for your own users, inside your product',
    description:
      "Call it from your backend (it needs your API key) and give the answer's `url` to your page's iframe. The page opens, with no Pictor " +
      'account, the studio on that template (`design`) or a form with one field per permitted layer (`form`), and is framed only by ' +
      '`allowedOrigins` (`Content-Security-Policy: frame-ancestors`). The embed calls the API with its token as `Authorization: Bearer est_…`: ' +
      'that template (read; save with `permissions.save`), its preview, its renders (billed to you, under your limits) and the fonts list; ' +
      'anything else is a 403 `forbidden`, and after `expiresAt` or a revocation every call is a 401. Without `templateId` (design mode) ' +
      'the first save creates one template and the session is bound to it. It tells its parent, by `postMessage` to the embedding origin ' +
      'only: `{"type":"pictor:ready"}`, `{"type":"pictor:saved","templateId","version"}`, `{"type":"pictor:rendered","imageUrl"}`.',
    body: {
      schema: createEditorSessionSchema,
      examples: {
        form: { templateId: 'tpl_8hQ2xZ4kLmN7pR1s', mode: 'form', allowedOrigins: ['https://app.example.com'], permissions: { layers: ['title'] } },
        design: { mode: 'design', allowedOrigins: ['https://app.example.com', 'http://localhost:5173'], expiresIn: 7200 },
      },
    },
    responses: {
      201: {
        description: 'Created',
        schema: createdSchema,
        examples: {
          created: {
            id: SESSION_EXAMPLE.id,
            url: 'https://pictor.example.com/embed/est_Qm4R8vT2xZ7kLpN3sW9yB6cF1hJ5dG0a',
            expiresAt: SESSION_EXAMPLE.expiresAt,
          },
        },
      },
      ...errors({ 400: ['validation_failed'], 404: ['template_not_found'] }),
    },
  },
  {
    method: 'get',
    path: '/api/editor-sessions',
    operationId: 'listEditorSessions',
    tag: 'Editor sessions',
    summary: 'Your live editor sessions (neither expired nor revoked), newest first',
    responses: {
      200: {
        description: 'The sessions (never their tokens)',
        schema: component('EditorSessionList', z.strictObject({ data: z.array(sessionSchema) })),
        examples: { one: { data: [SESSION_EXAMPLE] } },
      },
    },
  },
  {
    method: 'delete',
    path: '/api/editor-sessions/:id',
    operationId: 'revokeEditorSession',
    tag: 'Editor sessions',
    summary: 'Revoke an editor session at once',
    description: 'From the next call on, on every instance, its embed answers 401 and its page says it was revoked.',
    params: { id: z.string().describe('Editor session id (`eds_…`)') },
    responses: { 204: { description: 'Revoked' }, ...errors({ 404: ['editor_session_not_found'] }) },
  },
]);
