import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ON_FIRST_USE_FAMILIES } from '../../fonts/font-catalog';

interface Step {
  /** The text layer's text, and optionally its family. */
  text: string;
  fontFamily?: string;
  /** Register every shipped family before drawing (the way all were registered before they loaded on first use). */
  registerAll?: boolean;
}

/**
 * Draws each step's one-layer design in a process of its own (the font collection is the whole process's) and
 * reports, after each drawing, which first-use families the collection holds and the PNG.
 */
function drawSteps(steps: Step[]): Array<{ registered: string[]; png: string }> {
  const script = `
    const { GlobalFonts } = require('@napi-rs/canvas');
    const { createTemplateSchema } = require('./dist/design/template.schema');
    const { fontFiles, ON_FIRST_USE_FAMILIES } = require('./dist/fonts/font-catalog');
    const { drawTemplate } = require('./dist/render/renderer/draw-template');
    (async () => {
      const results = [];
      for (const step of JSON.parse(require('fs').readFileSync(0, 'utf8'))) {
        if (step.registerAll) for (const { family, path } of fontFiles()) GlobalFonts.registerFromPath(path, family);
        const layer = { name: 't', type: 'text', x: 10, y: 10, width: 380, height: 80, text: step.text, fontSize: 40, color: '#ffffff' };
        if (step.fontFamily) layer.fontFamily = step.fontFamily;
        const design = createTemplateSchema.parse({ name: 'n', width: 400, height: 100, background: '#000000', layers: [layer] });
        const { bytes } = await drawTemplate({ design, output: { width: 400, height: 100, format: 'png', quality: 0 }, images: new Map() });
        results.push({ registered: ON_FIRST_USE_FAMILIES.filter((family) => GlobalFonts.has(family)), png: Buffer.from(bytes).toString('base64') });
      }
      process.stdout.write(JSON.stringify(results));
    })();`;
  // The build (npm test builds it first): compiling the sources in the child took ~20 s per process.
  const output = execFileSync(process.execPath, ['-e', script], {
    cwd: join(__dirname, '..', '..', '..'),
    input: JSON.stringify(steps),
    encoding: 'utf8',
  });
  return JSON.parse(output) as Array<{ registered: string[]; png: string }>;
}

describe('families loaded on first use (CJK)', () => {
  const texts = ['你好世界', 'こんにちは', '안녕하세요', '繁體中文', 'ㄱ ① →'];

  it('are registered by the first drawing that may use them, not before, and draw as when all were registered at start', () => {
    const [latin, scripts, punctuation, ...cjk] = drawSteps([
      { text: 'Hello Ωλ Привет' },
      { text: 'مرحبا नमस्ते 😀' },
      { text: 'Hello、world' },
      ...texts.map((text) => ({ text })),
    ]);
    expect(latin.registered).toEqual([]);
    expect(scripts.registered).toEqual([]);
    // The ideographic comma is in the CJK families alone.
    expect(punctuation.registered).toEqual(ON_FIRST_USE_FAMILIES);
    const eager = drawSteps([{ text: 'Hello、world', registerAll: true }, ...texts.map((text) => ({ text }))]);
    expect([punctuation, ...cjk].map((step) => step.png)).toEqual(eager.map((step) => step.png));
  });

  it('are registered when a layer names one, even for text other families cover', () => {
    const [named] = drawSteps([{ text: 'Hello', fontFamily: 'Noto Sans KR' }]);
    expect(named.registered).toEqual(ON_FIRST_USE_FAMILIES);
  });
});
