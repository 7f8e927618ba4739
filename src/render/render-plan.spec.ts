import { createTemplateSchema } from '../design/template.schema';
import type { Template } from '../templates/entities/template.entity';
import { generateRequestSchema } from './dto/render-request.schema';
import { canonicalJson, outputSize, planRender } from './render-plan';

const secret = Buffer.alloc(32, 7);

function template(overrides: Partial<Template> = {}): Template {
  const design = createTemplateSchema.parse({
    name: 'Card',
    width: 1200,
    height: 630,
    layers: [
      { name: 'title', type: 'text', width: 100, height: 100, text: 'Default' },
      { name: 'box', type: 'rect', width: 10, height: 10, fill: '#ff0000' },
    ],
  });
  return { ...design, id: 'tpl_abc', accountId: 'acc_1', version: 1, createdAt: new Date(), updatedAt: new Date(), ...overrides };
}

const request = (body: object) => generateRequestSchema.parse({ templateId: 'tpl_abc', layers: {}, ...body });

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[1,{"y":2,"z":1}]},"b":1}');
  });
});

describe('planRender cache key', () => {
  it('is the same whatever the order of keys in the request', () => {
    const a = planRender(template(), request({ layers: { title: { text: 'Hi', color: '#fff' }, box: { fill: '#000' } } }), secret);
    const b = planRender(template(), request({ layers: { box: { fill: '#000' }, title: { color: '#fff', text: 'Hi' } } }), secret);
    expect(a.key).toBe(b.key);
  });

  it('ignores override names the template lacks, and warns for each', () => {
    const plain = planRender(template(), request({ layers: { title: { text: 'Hi' } } }), secret);
    const extra = planRender(template(), request({ layers: { title: { text: 'Hi' }, ghost: { text: 'x' } } }), secret);
    expect(extra.key).toBe(plain.key);
    expect(extra.requestWarnings).toEqual([expect.objectContaining({ code: 'unknown_layer', layer: 'ghost' })]);
    expect(plain.requestWarnings).toEqual([]);
  });

  it('changes with text, template version, size, format and quality', () => {
    const base = planRender(template(), request({ layers: { title: { text: 'Hi' } } }), secret).key;
    const keys = [
      planRender(template(), request({ layers: { title: { text: 'Ho' } } }), secret).key,
      planRender(template({ version: 2 }), request({ layers: { title: { text: 'Hi' } } }), secret).key,
      planRender(template(), request({ layers: { title: { text: 'Hi' } }, width: 600 }), secret).key,
      planRender(template(), request({ layers: { title: { text: 'Hi' } }, format: 'jpeg' }), secret).key,
      planRender(template(), request({ layers: { title: { text: 'Hi' } }, format: 'jpeg', quality: 50 }), secret).key,
    ];
    expect(new Set([base, ...keys]).size).toBe(6);
  });

  it('treats quality as irrelevant for PNG and the default quality as explicit 85', () => {
    const png = planRender(template(), request({}), secret).key;
    expect(planRender(template(), request({ quality: 10 }), secret).key).toBe(png);
    const jpeg = planRender(template(), request({ format: 'jpeg' }), secret).key;
    expect(planRender(template(), request({ format: 'jpeg', quality: 85 }), secret).key).toBe(jpeg);
  });

  it('depends on the server secret', () => {
    expect(planRender(template(), request({}), Buffer.alloc(32, 1)).key).not.toBe(planRender(template(), request({}), secret).key);
  });

  it('applies overrides to the drawn layers only where they apply', () => {
    const plan = planRender(template(), request({ layers: { title: { text: 'Hi', fontSize: 10 }, box: { fill: '#00ff00', color: '#123456' } } }), secret);
    const [title, box] = plan.job.design.layers;
    expect(title).toMatchObject({ text: 'Hi', fontSize: 10, minFontSize: 10 });
    expect(box).toMatchObject({ fill: '#00ff00' });
    expect(plan.requestWarnings).toEqual([expect.objectContaining({ code: 'override_ignored', layer: 'box' })]);
    expect(plan.fileName).toBe(`${plan.key}.png`);
  });
});

describe('outputSize', () => {
  it('keeps the aspect ratio when one side is given', () => {
    expect(outputSize({ width: 1200, height: 630 }, 600)).toEqual({ width: 600, height: 315 });
    expect(outputSize({ width: 1200, height: 630 }, undefined, 315)).toEqual({ width: 600, height: 315 });
    expect(outputSize({ width: 1200, height: 630 }, 100, 100)).toEqual({ width: 100, height: 100 });
    expect(outputSize({ width: 1200, height: 630 })).toEqual({ width: 1200, height: 630 });
  });

  it('keys account fonts by their content: a replaced face is a new key; no account fonts keeps the old key', () => {
    const face = { family: 'Brand', registeredName: 'fnt_a-1', weight: 400, style: 'normal' as const, coverage: '' };
    const withFonts = (sha: string) =>
      planRender(template(), request({}), secret, { warnings: [], identity: [['Brand', [['fnt_a', sha, 400, 'normal']]]], faces: [face] });
    const plain = planRender(template(), request({}), secret);
    expect(planRender(template(), request({}), secret, { warnings: [], identity: [], faces: [] }).key).toBe(plain.key);
    expect(withFonts('1').key).not.toBe(plain.key);
    expect(withFonts('2').key).not.toBe(withFonts('1').key);
    expect(withFonts('1').job.fonts).toEqual([face]);
    expect(plain.job.fonts).toBeUndefined();
  });
});
