import { z } from 'zod';
import { createTemplateSchema } from '../../../src/design/template.schema';
import { buildTemplateJsonSchema } from '../../../src/design/template-json-schema';
import { fieldsOf, JsonSchema, labelFor, layerSchema, layerTypes, parseInput, valueAt, withValue } from './schema-form';

// The schema the server hands the studio: generated from the zod schema the API validates with.
const schema = buildTemplateJsonSchema() as JsonSchema;

describe('schema → form', () => {
  it('lists every layer type of the API schema', () => {
    const types = layerTypes(schema);
    expect(types).toEqual(expect.arrayContaining(['text', 'image', 'rect']));
    const zodTypes = (
      createTemplateSchema.shape.layers as unknown as { element: { options: Array<{ _zod: { propValues: { type: Set<string> } } }> } }
    ).element.options.flatMap((option) => [...option._zod.propValues.type]);
    expect(types.sort()).toEqual(zodTypes.sort());
  });

  it('gives every field of every layer type an input, labelled after the field', () => {
    for (const type of layerTypes(schema)) {
      const variant = layerSchema(schema, type)!;
      const keys = Object.keys(variant.properties!).filter((key) => key !== 'type');
      const fields = fieldsOf(variant);
      expect(fields.map((field) => field.key)).toEqual(keys);
    }
    const text = fieldsOf(layerSchema(schema, 'text')!);
    const byKey = Object.fromEntries(text.map((field) => [field.key, field]));
    expect(byKey.x).toMatchObject({ label: 'X', kind: 'integer' });
    expect(byKey.width).toMatchObject({ label: 'Width', kind: 'integer', min: 1 });
    expect(byKey.fontSize).toMatchObject({ label: 'Font size', kind: 'integer', min: 1, max: 1000 });
    expect(byKey.color).toMatchObject({ label: 'Color', kind: 'color' });
    expect(byKey.align).toMatchObject({ kind: 'select', options: ['left', 'center', 'right', 'start', 'end', 'justify'] });
    expect(byKey.autoFit).toMatchObject({ label: 'Auto fit', kind: 'checkbox' });
    expect(byKey.maxLines).toMatchObject({ kind: 'integer', nullable: true });
    expect(byKey.fontWeight).toMatchObject({ kind: 'choice', options: ['normal', 'bold'] });
    expect(byKey.name).toMatchObject({ label: 'Layer name', required: true });
    expect(fieldsOf(layerSchema(schema, 'image')!).find((field) => field.key === 'imageUrl')).toMatchObject({ label: 'Image URL', nullable: true });
  });

  it('builds nested groups for object fields (e.g. a shadow) and reads and writes by path', () => {
    const withShadow = z.toJSONSchema(
      z.strictObject({ type: z.literal('text'), shadow: z.strictObject({ blur: z.number().min(0), color: z.string().regex(/^#[0-9a-fA-F]{6}$/) }).optional() }),
      { io: 'input' },
    ) as JsonSchema;
    const [shadow] = fieldsOf(withShadow);
    expect(shadow).toMatchObject({ kind: 'group', label: 'Shadow' });
    expect(shadow.fields!.map((field) => [field.path, field.kind, field.label])).toEqual([
      [['shadow', 'blur'], 'number', 'Shadow blur'],
      [['shadow', 'color'], 'color', 'Shadow color'],
    ]);
    const layer = withValue({ name: 'a' }, ['shadow', 'blur'], 4);
    expect(layer).toEqual({ name: 'a', shadow: { blur: 4 } });
    expect(valueAt(layer, ['shadow', 'blur'])).toBe(4);
    expect(withValue(layer, ['shadow'], undefined)).toEqual({ name: 'a' });
  });

  it('parses input text into the field type', () => {
    const text = Object.fromEntries(fieldsOf(layerSchema(schema, 'text')!).map((field) => [field.key, field]));
    expect(parseInput(text.fontSize, '72')).toEqual({ value: 72 });
    expect(parseInput(text.fontSize, 'big')).toEqual({ error: 'Must be a number' });
    expect(parseInput(text.maxLines, '')).toEqual({ value: null });
    expect(parseInput(text.fontWeight, '700')).toEqual({ value: 700 });
    expect(parseInput(text.fontWeight, 'bold')).toEqual({ value: 'bold' });
    expect(parseInput(text.text, '')).toEqual({ value: '' });
  });

  it('labels fields from camelCase keys', () => {
    expect(labelFor('verticalAlign')).toBe('Vertical align');
    expect(labelFor('qrErrorCorrection')).toBe('QR error correction');
    expect(labelFor('y')).toBe('Y');
  });
});

describe('optional groups', () => {
  it('starts a switched-on gradient from a valid example (consts, defaults, spread offsets, distinct colours)', () => {
    const colour = z.string().regex(/^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|transparent)$/);
    const gradient = z.strictObject({
      type: z.literal('linear'),
      angle: z.number().min(-360).max(360).default(180),
      stops: z
        .array(z.strictObject({ offset: z.number().min(0).max(1), color: colour }))
        .min(2)
        .max(16),
    });
    const layer = z.strictObject({ type: z.literal('rect'), gradient: gradient.nullable().default(null) });
    const [field] = fieldsOf(z.toJSONSchema(layer, { io: 'input' }) as JsonSchema);
    expect(field).toMatchObject({ kind: 'group', nullable: true, label: 'Gradient' });
    expect(field.fields!.map((child) => child.key)).toEqual(['angle', 'stops']);
    expect(gradient.parse(field.example)).toEqual({
      type: 'linear',
      angle: 180,
      stops: [
        { offset: 0, color: '#0ea5e9' },
        { offset: 1, color: '#6366f1' },
      ],
    });
  });
});
