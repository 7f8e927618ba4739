import { textLayerSchema } from '../../../design/layers/text/text-layer.definition';
import { textContent, transformText } from './text-content';

describe('textTransform', () => {
  it('follows the language: Turkish dotted and dotless i', () => {
    expect(transformText('istanbul ılık', 'uppercase', 'tr')).toBe('İSTANBUL ILIK');
    expect(transformText('istanbul', 'uppercase', 'en')).toBe('ISTANBUL');
    expect(transformText('İSTANBUL', 'lowercase', 'tr')).toBe('istanbul');
    expect(transformText('straße', 'uppercase', 'de')).toBe('STRASSE');
  });

  it('capitalizes the first letter of each word', () => {
    expect(transformText('hello wide world, l’été', 'capitalize', undefined)).toBe('Hello Wide World, L’été');
    expect(transformText('izmir ve istanbul', 'capitalize', 'tr')).toBe('İzmir Ve İstanbul');
    expect(transformText('Keep AS is', 'none', undefined)).toBe('Keep AS is');
  });
});

describe('textContent', () => {
  const layer = (fields: object) => textLayerSchema.parse({ type: 'text', name: 't', width: 100, height: 100, ...fields });

  it('joins spans into one text with a style range each, inheriting the layer’s values', () => {
    const content = textContent(
      layer({
        text: 'ignored',
        color: '#111111',
        spans: [{ text: 'Hello ' }, { text: 'bold', fontWeight: 700, color: '#ff0000', underline: true }, { text: '' }],
      }),
    );
    expect(content.text).toBe('Hello bold');
    expect(content.ranges).toEqual([
      { end: 6, style: 0 },
      { end: 10, style: 1 },
    ]);
    expect(content.styles[0]).toMatchObject({ color: '#111111', fontWeight: 'normal', underline: false });
    expect(content.styles[1]).toMatchObject({ color: '#ff0000', fontWeight: 700, underline: true });
  });

  it('transforms each span (a length change moves the ranges with it)', () => {
    const content = textContent(layer({ textTransform: 'uppercase', lang: 'de', spans: [{ text: 'straße ' }, { text: 'x' }] }));
    expect(content.text).toBe('STRASSE X');
    expect(content.ranges).toEqual([
      { end: 8, style: 0 },
      { end: 9, style: 1 },
    ]);
  });
});
