import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { generateRequestSchema } from '../../src/render/dto/render-request.schema';
import { planRender } from '../../src/render/render-plan';
import { drawTemplate } from '../../src/render/renderer/draw-template';
import { createTemplateSchema } from '../../src/design/template.schema';
import type { Template } from '../../src/templates/entities/template.entity';

/** The fixed secret the golden cache keys are computed under. */
export const GOLDEN_SECRET = Buffer.alloc(32, 42);

/**
 * The contract's sample template (§4), as stored: id and version fixed. Deliberately a frozen copy rather than
 * src/templates/dto/sample-template.ts: the golden cache keys are pinned to exactly this input.
 */
export function goldenTemplate(): Template {
  const design = createTemplateSchema.parse({
    name: 'Blog card',
    width: 1200,
    height: 630,
    background: '#0f172a',
    publicRender: true,
    layers: [
      { name: 'badge', type: 'rect', x: 80, y: 60, width: 200, height: 44, fill: '#38bdf8', radius: 8 },
      {
        name: 'title',
        type: 'text',
        x: 80,
        y: 130,
        width: 1040,
        height: 280,
        text: 'Default',
        fontFamily: 'Inter',
        fontSize: 64,
        fontWeight: 'bold',
        color: '#ffffff',
        align: 'left',
        verticalAlign: 'top',
        lineHeight: 1.2,
        maxLines: 3,
        autoFit: true,
        minFontSize: 32,
      },
      { name: 'avatar', type: 'image', x: 1000, y: 470, width: 120, height: 120, imageUrl: null, fit: 'cover', radius: 60 },
    ],
  });
  const at = new Date('2026-01-01T00:00:00Z');
  return { ...design, id: 'tpl_goldenGoldenGolden1', accountId: 'acc_golden', version: 3, createdAt: at, updatedAt: at };
}

const LONG_TITLE = 'Shipping a layer registry that keeps every existing image byte for byte identical while adding shapes, codes and formats';

/** Request variants covering every format, every override field, hidden layers and resized output. */
export const GOLDEN_VARIANTS: Record<string, object> = {
  plain: {},
  jpeg: { format: 'jpeg' },
  jpegQuality: { format: 'jpeg', quality: 60 },
  webp: { format: 'webp' },
  webpQuality: { format: 'webp', quality: 40 },
  pngIgnoresQuality: { format: 'png', quality: 50 },
  titleText: { layers: { title: { text: 'Hello, world' } } },
  titleLong: { layers: { title: { text: LONG_TITLE } } },
  titleTruncated: { layers: { title: { text: `${LONG_TITLE} ${LONG_TITLE} ${LONG_TITLE}` } } },
  titleColorSize: { layers: { title: { text: 'Sized', color: '#f97316', fontSize: 40 } } },
  titleSmallerThanMin: { layers: { title: { fontSize: 20 } } },
  badgeFill: { layers: { badge: { fill: '#22c55e' } } },
  badgeTextIgnored: { layers: { badge: { text: 'not drawn', fill: '#22c55e' } } },
  wrongFieldIgnored: { layers: { badge: { color: '#ff0000' }, avatar: { fill: '#00ff00' } } },
  hiddenTitle: { layers: { title: { hidden: true } } },
  hiddenBadgeShownTitle: { layers: { badge: { hidden: true }, title: { hidden: false, text: 'Shown' } } },
  unknownLayer: { layers: { nope: { text: 'x' }, title: { text: 'Known' } } },
  avatarImage: { layers: { avatar: { imageUrl: 'https://example.com/a.png' } } },
  avatarNull: { layers: { avatar: { imageUrl: null } } },
  resizedWidth: { width: 600 },
  resizedHeight: { height: 315, format: 'webp' },
  resizedBoth: { width: 800, height: 800, format: 'jpeg', quality: 90 },
  everything: {
    width: 1000,
    format: 'webp',
    quality: 70,
    layers: {
      title: { text: 'Everything at once', color: '#a3e635', fontSize: 72 },
      badge: { fill: '#ef4444' },
      avatar: { imageUrl: 'https://example.com/b.png' },
    },
  },
};

export interface GoldenRecord {
  key: string;
  fileName: string;
  warnings: string[];
  sha256: string;
}

/** An avatar drawn deterministically: a 4-colour checkerboard PNG. */
async function avatarBytes(): Promise<Uint8Array> {
  const size = 64;
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const offset = (y * size + x) * 3;
      const quadrant = (x < 32 ? 0 : 1) + (y < 32 ? 0 : 2);
      pixels.set(
        [
          [239, 68, 68],
          [34, 197, 94],
          [59, 130, 246],
          [250, 204, 21],
        ][quadrant],
        offset,
      );
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

export async function goldenRecords(draw = true): Promise<Record<string, GoldenRecord>> {
  const template = goldenTemplate();
  const avatar = draw ? await avatarBytes() : new Uint8Array();
  const records: Record<string, GoldenRecord> = {};
  for (const [name, body] of Object.entries(GOLDEN_VARIANTS)) {
    const request = generateRequestSchema.parse({ templateId: template.id, layers: {}, ...body });
    const plan = planRender(template, request, GOLDEN_SECRET);
    const images = new Map<string, Uint8Array>();
    for (const layer of plan.job.design.layers) {
      if (layer.type === 'image' && layer.imageUrl) images.set(layer.name, avatar);
    }
    let sha256 = '';
    const warnings = plan.requestWarnings.map((warning) => `${warning.code}:${warning.layer}`);
    if (draw) {
      const drawn = await drawTemplate({ ...plan.job, images });
      sha256 = createHash('sha256').update(drawn.bytes).digest('hex');
      warnings.push(...drawn.warnings.map((warning) => `${warning.code}:${warning.layer}`));
    }
    records[name] = { key: plan.key, fileName: plan.fileName, warnings, sha256 };
  }
  return records;
}

// Run directly: prints the records as JSON (used to compare before and after a refactor).
if (require.main === module) {
  goldenRecords()
    .then((records) => process.stdout.write(`${JSON.stringify(records, null, 2)}\n`))
    .catch((error) => {
      process.stderr.write(`${(error as Error).stack}\n`);
      process.exit(1);
    });
}
