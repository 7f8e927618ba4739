import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..');

/**
 * docs/contributing.md says a new layer type is its definition, its drawer and one registration in each registry,
 * and a new output format is one row and one encoder. This test does exactly that to a copy of src/ — a `star`
 * layer that fetches an image and names a font, and a `tiff` format — changes nothing else, and checks that the copy
 * compiles and that the additions validate, plan, fetch, draw, encode and document themselves.
 */
describe('the extension points (a layer type, an output format)', () => {
  let copy: string;

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'pictor-extension-'));
    cpSync(join(ROOT, 'src'), join(copy, 'src'), { recursive: true, filter: (path) => !path.endsWith('.spec.ts') });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    writeFileSync(
      join(copy, 'tsconfig.json'),
      JSON.stringify({
        extends: join(ROOT, 'tsconfig.json'),
        compilerOptions: { noEmit: true, incremental: false, rootDir: '.' },
        include: ['src/**/*.ts', 'probe.ts'],
      }),
    );
  });

  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(copy, path)), { recursive: true });
    writeFileSync(join(copy, path), text);
  };
  /** One edit at an anchor the docs name; fails if the anchor moved (then the docs are out of date too). */
  const insertAfter = (path: string, anchor: string, text: string) => {
    const source = readFileSync(join(copy, path), 'utf8');
    expect(source.includes(anchor)).toBe(true);
    writeFileSync(join(copy, path), source.replace(anchor, anchor + text));
  };

  it('needs only the files the docs name, and the rest follows', () => {
    write(
      'src/design/layers/star/star-layer.definition.ts',
      `import { z } from 'zod';
import { colorSchema, imageUrlSchema, layerBase } from '../../layer-fields';
import { assignOverride, defineLayerType } from '../../layer-type';

export const starLayerSchema = z.strictObject({
  ...layerBase,
  type: z.literal('star'),
  points: z.number().int().min(3).max(20).default(5),
  fill: colorSchema.default('#000000'),
  backdropUrl: imageUrlSchema.nullable().default(null),
  captionFont: z.string().min(1).max(200).default('Inter'),
});
export type StarLayer = z.output<typeof starLayerSchema>;

export const starLayerType = defineLayerType({
  schema: starLayerSchema,
  overrides: { fill: colorSchema },
  applyOverride: assignOverride,
  imageSource: (layer) => layer.backdropUrl,
  fontFamilies: (layer) => [{ field: 'captionFont', family: layer.captionFont }],
});
`,
    );
    write(
      'src/render/layers/star/star-layer.draw.ts',
      `import type { StarLayer } from '../../../design/layers/star/star-layer.definition';
import type { LayerDrawer } from '../layer-drawer';

export const drawStar: LayerDrawer<StarLayer> = (ctx, layer) => {
  const centreX = layer.x + layer.width / 2;
  const centreY = layer.y + layer.height / 2;
  const outer = Math.min(layer.width, layer.height) / 2;
  ctx.fillStyle = layer.fill;
  ctx.beginPath();
  for (let index = 0; index < layer.points * 2; index++) {
    const radius = index % 2 === 0 ? outer : outer / 2.5;
    const angle = (Math.PI * index) / layer.points - Math.PI / 2;
    ctx.lineTo(centreX + radius * Math.cos(angle), centreY + radius * Math.sin(angle));
  }
  ctx.closePath();
  ctx.fill();
};
`,
    );
    // The registrations: one entry in each registry (and the definition's name check), with their imports.
    insertAfter(
      'src/design/layer-registry.ts',
      "import { rectLayerType } from './layers/rect/rect-layer.definition';",
      "\nimport { starLayerType } from './layers/star/star-layer.definition';",
    );
    insertAfter('src/design/layer-registry.ts', '  qr: qrLayerType,', '\n  star: starLayerType,');
    insertAfter('src/design/layer-registry.ts', 'qr: true', ', star: true');
    insertAfter(
      'src/render/layers/layer-drawers.ts',
      "import { drawRect } from './rect/rect-layer.draw';",
      "\nimport { drawStar } from './star/star-layer.draw';",
    );
    insertAfter('src/render/layers/layer-drawers.ts', '  qr: { draw: drawQr },', '\n  star: { draw: drawStar },');
    // The format: one row and one encoder.
    insertAfter(
      'src/design/output-formats.ts',
      "  avif: { extension: 'avif', contentType: 'image/avif', label: 'AVIF', defaultQuality: 55 },",
      "\n  tiff: { extension: 'tiff', contentType: 'image/tiff', label: 'TIFF', defaultQuality: null },",
    );
    insertAfter(
      'src/render/renderer/encoders.ts',
      'export const ENCODERS: { [Format in OutputFormat]: Encoder } = {',
      '\n  tiff: (canvas, { width, height }) => straightPixels(canvas, width, height).tiff().toBuffer(),',
    );

    // What a pass needs: validation, planning (overrides, the image to fetch, fonts), drawing, encoding, documents.
    write(
      'probe.ts',
      `import sharp from 'sharp';
import { drawsText, fontFamiliesOf, imageSourceOf, LAYER_TYPES } from './src/design/layer-registry';
import { IMAGE_FILE_PATTERN, IMAGE_MEDIA } from './src/design/output-formats';
import { createTemplateSchema } from './src/design/template.schema';
import { buildTemplateJsonSchema } from './src/design/template-json-schema';
import { buildOpenApiDocument } from './src/openapi/openapi-document';
import { generateRequestSchema } from './src/render/dto/render-request.schema';
import { planRender } from './src/render/render-plan';
import { drawTemplate } from './src/render/renderer/draw-template';
import { LayerImageFetcher } from './src/render/layer-image-fetcher';

async function main(): Promise<void> {
  const design = createTemplateSchema.parse({
    name: 'Star', width: 100, height: 100, background: '#ffffff',
    layers: [{ name: 'badge', type: 'star', width: 100, height: 100, backdropUrl: 'https://images.example/b.png' }],
  });
  const bad = createTemplateSchema.safeParse({ name: 'Star', width: 10, height: 10, layers: [{ name: 'b', type: 'star', width: 10, height: 10, points: 2 }] });
  const request = generateRequestSchema.parse({ templateId: 'tpl_1', layers: { badge: { fill: '#ff0000', text: 'ignored' } }, format: 'tiff' });
  const template = { ...design, id: 'tpl_1', accountId: 'acc_1', version: 1, createdAt: new Date(), updatedAt: new Date() };
  const plan = planRender(template, request, Buffer.alloc(32));
  const layer = plan.job.design.layers[0];
  // The fetcher asks the hook: the star's backdrop is fetched (here refused by a stand-in address check).
  const targets = { check: () => Promise.reject(new Error('refused by the probe')) };
  const fetched = await new LayerImageFetcher(targets as never, { renderMaxInputPixels: 1e8 } as never, {} as never).fetchAll(plan.job.design.layers, 'acc_1');
  const drawn = await drawTemplate({ ...plan.job, images: new Map() });
  const pixels = await sharp(Buffer.from(drawn.bytes)).metadata();
  const { data } = await sharp(Buffer.from(drawn.bytes)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const centre = (50 * 100 + 50) * 3;
  const document = JSON.stringify(buildOpenApiDocument());
  const schema = JSON.stringify(buildTemplateJsonSchema());
  process.stdout.write(JSON.stringify({
    registered: Object.keys(LAYER_TYPES).includes('star'),
    refusesBadPoints: !bad.success,
    overrideApplied: (layer as { fill?: string }).fill,
    imageSource: imageSourceOf(layer),
    fetched: fetched.warnings.map((warning) => warning.layer + ': ' + warning.message),
    drawsText: drawsText(layer),
    fontFamilies: fontFamiliesOf(layer),
    fileName: IMAGE_FILE_PATTERN.test(plan.fileName) && plan.fileName.endsWith('.tiff'),
    quality: plan.job.output.quality,
    encoded: pixels.format,
    centreIsRed: data[centre] > 240 && data[centre + 1] < 16 && data[centre + 2] < 16,
    cornerIsWhite: data[0] > 240 && data[1] > 240 && data[2] > 240,
    media: IMAGE_MEDIA['image/tiff'],
    documented: document.includes('"star"') && document.includes('"tiff"') && document.includes('image/tiff'),
    inTemplateSchema: schema.includes('"star"'),
  }));
}
void main();
`,
    );

    execFileSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(copy, 'tsconfig.json')], { cwd: copy, stdio: 'pipe' });
    const output = execFileSync(process.execPath, ['-r', 'ts-node/register', join(copy, 'probe.ts')], {
      cwd: copy,
      env: { ...process.env, TS_NODE_TRANSPILE_ONLY: '1', TS_NODE_PROJECT: join(copy, 'tsconfig.json') },
    }).toString();
    expect(JSON.parse(output)).toEqual({
      registered: true,
      refusesBadPoints: true,
      overrideApplied: '#ff0000',
      imageSource: 'https://images.example/b.png',
      fetched: ['badge: Image could not be used (refused by the probe); layer skipped'],
      drawsText: true,
      fontFamilies: [{ field: 'captionFont', family: 'Inter' }],
      fileName: true,
      quality: 0,
      encoded: 'tiff',
      centreIsRed: true,
      cornerIsWhite: true,
      media: 'TIFF bytes',
      documented: true,
      inTemplateSchema: true,
    });
  }, 180_000);
});
