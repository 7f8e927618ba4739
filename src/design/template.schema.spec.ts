import { createTemplateSchema, updateTemplateSchema } from './template.schema';

const valid = {
  name: 'Card',
  width: 1200,
  height: 630,
  layers: [{ name: 'title', type: 'text', width: 100, height: 50 }],
};

describe('template schema', () => {
  it('fills the defaults a designer expects', () => {
    const parsed = createTemplateSchema.parse(valid);
    expect(parsed).toMatchObject({ background: '#ffffff', publicRender: true });
    expect(parsed.layers[0]).toMatchObject({
      x: 0,
      y: 0,
      fontFamily: 'Inter',
      fontSize: 48,
      fontWeight: 'normal',
      color: '#000000',
      align: 'left',
      verticalAlign: 'top',
      lineHeight: 1.2,
      maxLines: null,
      autoFit: false,
      minFontSize: 12,
      opacity: 1,
      hidden: false,
    });
  });

  it.each([
    ['a string for a number', { ...valid, width: '1200' }],
    ['width 0', { ...valid, width: 0 }],
    ['width 99999', { ...valid, width: 99999 }],
    ['null layers', { ...valid, layers: null }],
    ['an object for layers', { ...valid, layers: {} }],
    ['an unknown field', { ...valid, owner: 'x' }],
    ['an unknown layer type', { ...valid, layers: [{ name: 'a', type: 'circle', width: 1, height: 1 }] }],
    ['an empty font family', { ...valid, layers: [{ name: 'a', type: 'text', width: 1, height: 1, fontFamily: '' }] }],
    ['a 201-character font family', { ...valid, layers: [{ name: 'a', type: 'text', width: 1, height: 1, fontFamily: 'x'.repeat(201) }] }],
    ['a bad colour', { ...valid, background: 'red' }],
    ['duplicate layer names', { ...valid, layers: [valid.layers[0], valid.layers[0]] }],
    ['51 layers', { ...valid, layers: Array.from({ length: 51 }, (_, index) => ({ name: `l${index}`, type: 'rect', width: 1, height: 1 })) }],
    ['a non-http image URL', { ...valid, layers: [{ name: 'a', type: 'image', width: 1, height: 1, imageUrl: 'file:///etc/passwd' }] }],
    ['an empty name', { ...valid, name: '' }],
    ['publicRender "yes"', { ...valid, publicRender: 'yes' }],
  ])('rejects %s', (_label, body) => {
    expect(createTemplateSchema.safeParse(body).success).toBe(false);
  });

  it('accepts the three publicRender modes', () => {
    for (const mode of [true, false, 'signed']) expect(createTemplateSchema.parse({ ...valid, publicRender: mode }).publicRender).toBe(mode);
  });

  it('lets a patch carry any subset of fields, and nothing else', () => {
    expect(updateTemplateSchema.parse({ name: 'x' })).toEqual({ name: 'x' });
    expect(updateTemplateSchema.safeParse({ version: 3 }).success).toBe(false);
  });
});
