import { z } from 'zod';
import { component } from '../common/openapi/components';
import { defineRouteDocs, errors } from '../common/openapi/route-doc';
import { TEMPLATE_EXAMPLE } from './dto/sample-template';
import { layerSchema } from '../design/layer-registry';
import { createTemplateSchema, updateTemplateSchema } from '../design/template.schema';

component('Layer', layerSchema, 'One layer of a template; `type` selects the kind. Layers draw in order.');
component('TemplateInput', createTemplateSchema, 'A template as created (POST /api/templates).');
component('TemplatePatch', updateTemplateSchema, 'Fields to change; the others are kept. Only design fields bump `version`.');

/** A template as returned: what was created, with every default filled, plus its identity and version. */
export const templateResponseSchema = component(
  'Template',
  createTemplateSchema.extend({
    id: z.string().regex(/^tpl_[0-9A-Za-z]{16,}$/),
    version: z.number().int().min(1).describe('Bumped by every change of width, height, background or layers'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);

export const templateListSchema = component('TemplateList', z.strictObject({ data: z.array(templateResponseSchema) }));

const templateId = z.string().describe('Template id (`tpl_…`)');
const notFound = errors({ 404: ['template_not_found'] });

export const templatesRouteDocs = defineRouteDocs([
  {
    method: 'post',
    path: '/api/templates',
    operationId: 'createTemplate',
    tag: 'Templates',
    summary: 'Create a template',
    description: 'Unset fields take their defaults (`background` `#ffffff`, `publicRender` true, and per layer). Layer names are unique in a template.',
    body: { schema: createTemplateSchema, examples: { blogCard: TEMPLATE_EXAMPLE } },
    responses: { 201: { description: 'Created', schema: templateResponseSchema } },
  },
  {
    method: 'get',
    path: '/api/templates',
    operationId: 'listTemplates',
    tag: 'Templates',
    summary: "List the account's templates",
    responses: { 200: { description: 'The templates', schema: templateListSchema } },
  },
  {
    method: 'get',
    path: '/api/templates/:id',
    operationId: 'getTemplate',
    tag: 'Templates',
    summary: 'Get a template',
    description: "Another account's template answers 404 `template_not_found`, exactly as a missing one.",
    params: { id: templateId },
    responses: { 200: { description: 'The template', schema: templateResponseSchema }, ...notFound },
  },
  {
    method: 'patch',
    path: '/api/templates/:id',
    operationId: 'updateTemplate',
    tag: 'Templates',
    summary: 'Change a template',
    description:
      'Merges the given fields. Only design fields (`width`, `height`, `background`, `layers`) bump `version`; `name` and `publicRender` do not. ' +
      'With `If-Match: "<version>"` the change applies only if the template is still at that version; otherwise 409 `version_conflict` ' +
      '(it changed elsewhere since it was read) and nothing changes.',
    params: { id: templateId },
    headers: {
      'If-Match': z
        .string()
        .optional()
        .describe('The version you last read (`"3"`): the change applies only if the template is still at that version, else 409 `version_conflict`'),
    },
    body: { schema: updateTemplateSchema, examples: { rename: { name: 'Renamed' }, resize: { width: 800 } } },
    responses: {
      200: { description: 'The updated template', schema: templateResponseSchema },
      ...notFound,
      ...errors({ 400: ['validation_failed'], 409: ['version_conflict', 'template_conflict'] }),
    },
  },
  {
    method: 'delete',
    path: '/api/templates/:id',
    operationId: 'deleteTemplate',
    tag: 'Templates',
    summary: 'Delete a template',
    params: { id: templateId },
    responses: { 204: { description: 'Deleted' }, ...notFound },
  },
]);
