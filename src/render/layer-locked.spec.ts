import { drawPixels } from '../../test/support/draw-pixels';
import type { Template } from '../templates/entities/template.entity';
import { generateRequestSchema } from './dto/render-request.schema';
import { planRender } from './render-plan';
import { buildTemplateJsonSchema } from '../design/template-json-schema';
import { createTemplateSchema } from '../design/template.schema';
import { buildOpenApiDocument } from '../openapi/openapi-document';

/** `locked` (issue 28) is the studio's alone: kept with the template, never part of a drawing or its cache key. */
describe('a layer’s locked flag', () => {
  const design = (locked?: boolean) => ({
    name: 'Card',
    width: 120,
    height: 80,
    layers: [
      { name: 'box', type: 'rect', x: 10, y: 10, width: 60, height: 40, fill: '#ff0000', ...(locked === undefined ? {} : { locked }) },
      { name: 'title', type: 'text', x: 0, y: 50, width: 120, height: 30, text: 'Hi', ...(locked === undefined ? {} : { locked }) },
    ],
  });

  it('is an optional boolean: kept when given, absent (no default) when not, refused when not a boolean', () => {
    expect(createTemplateSchema.parse(design(true)).layers.map((layer) => layer.locked)).toEqual([true, true]);
    expect('locked' in createTemplateSchema.parse(design()).layers[0]).toBe(false);
    const bad = { ...design(), layers: [{ ...design().layers[0], locked: 'yes' }] };
    expect(createTemplateSchema.safeParse(bad).success).toBe(false);
  });

  it('is in the published JSON Schema of every layer type', () => {
    const variants = (buildTemplateJsonSchema().properties as { layers: { items: { oneOf: Array<{ properties: Record<string, { type?: string }> }> } } }).layers
      .items.oneOf;
    expect(variants.length).toBeGreaterThan(4);
    for (const variant of variants) expect(variant.properties.locked).toMatchObject({ type: 'boolean' });
  });

  it('is described in the OpenAPI document (one per layer type)', () => {
    const text = JSON.stringify(buildOpenApiDocument());
    expect(text.match(/"locked":\{"description":"Studio only/g)?.length).toBeGreaterThanOrEqual(6);
  });

  it('changes neither the render cache key nor the pixels', async () => {
    const secret = Buffer.alloc(32, 7);
    const asTemplate = (locked?: boolean): Template => ({
      ...createTemplateSchema.parse(design(locked)),
      id: 'tpl_abc',
      accountId: 'acc_1',
      version: 3,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const request = generateRequestSchema.parse({ templateId: 'tpl_abc', layers: { title: { text: 'Yo' } } });
    expect(planRender(asTemplate(true), request, secret).key).toBe(planRender(asTemplate(), request, secret).key);
    const [plain, locked] = await Promise.all([drawPixels(design()), drawPixels(design(true))]);
    expect(plain.at(20, 20)).toEqual([255, 0, 0, 255]);
    expect(Buffer.from(locked.data).equals(Buffer.from(plain.data))).toBe(true);
  });
});
