import { groupFields } from './property-groups';
import type { FormField } from './schema-form';

const field = (key: string, kind: FormField['kind'] = 'number'): FormField => ({ path: [key], key, label: key, kind, nullable: false, required: false });

describe('groupFields', () => {
  const text = ['name', 'x', 'y', 'width', 'height', 'rotation', 'text', 'fontFamily', 'fontWeight', 'lang', 'color', 'shadow', 'spans', 'link'].map((key) =>
    field(key),
  );

  it('puts position and size together in a grid, typography and appearance in their own sections, in a fixed order', () => {
    const sections = groupFields(text);
    expect(sections.map((section) => section.id)).toEqual(['layer', 'position', 'content', 'typography', 'appearance', 'spans', 'more']);
    expect(sections[0]).toMatchObject({ grid: true, open: true });
    expect(sections[1]).toMatchObject({ title: 'Position and size', grid: true, open: true });
    expect(sections[1].fields.map((item) => item.key)).toEqual(['x', 'y', 'width', 'height', 'rotation']);
    expect(sections[3].fields.map((item) => item.key)).toEqual(['fontFamily', 'fontWeight', 'lang']);
    expect(sections[4].fields.map((item) => item.key)).toEqual(['color', 'shadow']);
  });

  it('keeps every field: one no rule claims lands in More (a new layer type still gets a form)', () => {
    const sections = groupFields([...text, field('sparkle', 'text')]);
    const all = sections.flatMap((section) => section.fields.map((item) => item.key)).sort();
    expect(all).toEqual([...text.map((item) => item.key), 'sparkle'].sort());
    expect(sections.at(-1)!.fields.map((item) => item.key)).toEqual(['link', 'sparkle']);
  });

  it('starts the rarely used sections closed, unless the layer already uses them', () => {
    expect(groupFields(text).find((section) => section.id === 'spans')!.open).toBe(false);
    expect(groupFields(text, new Set(['spans'])).find((section) => section.id === 'spans')!.open).toBe(true);
    expect(groupFields(text).find((section) => section.id === 'more')!.open).toBe(false);
  });

  it('leaves out sections a layer type has no field for', () => {
    const rect = groupFields(['name', 'x', 'fill'].map((key) => field(key)));
    expect(rect.map((section) => section.id)).toEqual(['layer', 'position', 'appearance']);
  });
});
