import type { Design, Layer } from './design';

/** `New template`'s sizes: the formats people design for most. */
export const SIZE_PRESETS: ReadonlyArray<{ label: string; width: number; height: number }> = [
  { label: 'Open Graph 1200×630', width: 1200, height: 630 },
  { label: 'Instagram square 1080×1080', width: 1080, height: 1080 },
  { label: 'Instagram portrait 1080×1350', width: 1080, height: 1350 },
  { label: 'Story 1080×1920', width: 1080, height: 1920 },
  { label: 'A4 portrait 794×1123 (96 dpi)', width: 794, height: 1123 },
  { label: 'Twitter/X post 1600×900', width: 1600, height: 900 },
];

const text = (name: string, x: number, y: number, width: number, height: number, value: string, style: Record<string, unknown>): Layer => ({
  name,
  type: 'text',
  x,
  y,
  width,
  height,
  text: value,
  fontFamily: 'Inter',
  color: '#0f172a',
  lineHeight: 1.2,
  ...style,
});
const rect = (name: string, x: number, y: number, width: number, height: number, style: Record<string, unknown>): Layer => ({
  name,
  type: 'rect',
  x,
  y,
  width,
  height,
  ...style,
});

const design = (name: string, width: number, height: number, background: string, layers: Layer[]): Design => ({
  name,
  width,
  height,
  background,
  publicRender: true,
  layers,
});

/** Designed starting points (§23): shipped fonts only, every text fitting its box, so each renders without warnings. */
export const STARTER_TEMPLATES: ReadonlyArray<{ key: string; label: string; design: Design }> = [
  {
    key: 'social-card',
    label: 'Social card',
    design: design('Social card', 1200, 630, '#0f172a', [
      rect('glow', 760, -120, 560, 560, {
        gradient: {
          type: 'linear',
          angle: 135,
          stops: [
            { offset: 0, color: '#38bdf8' },
            { offset: 1, color: '#6366f1' },
          ],
        },
        radius: 280,
        opacity: 0.35,
      }),
      rect('badge', 80, 80, 220, 48, { fill: '#38bdf8', radius: 24 }),
      text('badge-text', 80, 80, 220, 48, 'ENGINEERING', {
        fontSize: 20,
        fontWeight: 700,
        color: '#0f172a',
        align: 'center',
        verticalAlign: 'middle',
        letterSpacing: 2,
      }),
      text('title', 80, 170, 900, 250, 'How we render a million images a day', {
        fontSize: 68,
        fontWeight: 800,
        color: '#ffffff',
        maxLines: 3,
        autoFit: true,
        minFontSize: 36,
      }),
      text('author', 80, 500, 700, 50, 'Ada Lovelace · 6 min read', { fontSize: 28, color: '#94a3b8' }),
    ]),
  },
  {
    key: 'quote',
    label: 'Quote',
    design: design('Quote', 1080, 1080, '#fef3c7', [
      text('mark', 90, 40, 240, 300, '“', { fontSize: 220, fontWeight: 800, color: '#f59e0b', lineHeight: 1 }),
      text('quote', 90, 280, 900, 460, 'Simplicity is prerequisite for reliability.', {
        fontSize: 76,
        fontWeight: 700,
        maxLines: 5,
        autoFit: true,
        minFontSize: 40,
      }),
      rect('rule', 90, 800, 120, 8, { fill: '#f59e0b', radius: 4 }),
      text('author', 90, 840, 900, 60, 'Edsger W. Dijkstra', { fontSize: 36, fontWeight: 600, color: '#92400e' }),
    ]),
  },
  {
    key: 'certificate',
    label: 'Certificate',
    design: design('Certificate', 1123, 794, '#fffdf7', [
      rect('frame', 30, 30, 1063, 734, { fill: 'transparent', borderColor: '#b45309', borderWidth: 6 }),
      rect('inner', 50, 50, 1023, 694, { fill: 'transparent', borderColor: '#d97706', borderWidth: 2 }),
      text('heading', 100, 110, 923, 70, 'CERTIFICATE OF COMPLETION', { fontSize: 44, fontWeight: 800, color: '#78350f', align: 'center', letterSpacing: 4 }),
      text('presented', 100, 230, 923, 40, 'This certifies that', { fontSize: 26, color: '#57534e', align: 'center' }),
      text('recipient', 100, 290, 923, 100, 'Grace Hopper', {
        fontSize: 72,
        fontWeight: 700,
        color: '#1c1917',
        align: 'center',
        autoFit: true,
        minFontSize: 40,
      }),
      rect('rule', 362, 410, 400, 3, { fill: '#d97706' }),
      text('course', 100, 440, 923, 90, 'has completed the course Compilers from First Principles', {
        fontSize: 28,
        color: '#44403c',
        align: 'center',
        maxLines: 2,
      }),
      text('date', 140, 620, 360, 40, 'November 26, 2026', { fontSize: 24, color: '#57534e', align: 'center' }),
      text('signature', 623, 620, 360, 40, 'Pictor Academy', { fontSize: 24, fontWeight: 600, color: '#57534e', align: 'center' }),
      { name: 'seal', type: 'ellipse', x: 511, y: 600, width: 100, height: 100, fill: '#d97706' },
    ]),
  },
  {
    key: 'event-ticket',
    label: 'Event ticket',
    design: design('Event ticket', 1200, 480, '#1e1b4b', [
      rect('stub', 860, 0, 340, 480, { fill: '#ffffff' }),
      text('event', 60, 50, 760, 140, 'Render Conf 2026', { fontSize: 72, fontWeight: 800, color: '#ffffff', maxLines: 2, autoFit: true, minFontSize: 40 }),
      text('venue', 60, 210, 760, 40, 'Lisbon · Hall B · Doors 9:00', { fontSize: 30, color: '#c7d2fe' }),
      text('holder', 60, 300, 760, 40, 'Admit one: Alan Turing', { fontSize: 30, fontWeight: 600, color: '#ffffff' }),
      text('seat', 60, 370, 760, 50, 'ROW 12 · SEAT 7', { fontSize: 36, fontWeight: 800, color: '#facc15', letterSpacing: 2 }),
      { name: 'barcode', type: 'barcode', x: 900, y: 150, width: 260, height: 180, symbology: 'code128', text: 'RC26-0012-07', color: '#0f172a' },
      text('stub-title', 900, 60, 260, 50, 'RC26', { fontSize: 40, fontWeight: 800, color: '#1e1b4b', align: 'center' }),
      text('stub-seat', 900, 370, 260, 40, '12 / 7', { fontSize: 30, fontWeight: 700, color: '#1e1b4b', align: 'center' }),
    ]),
  },
  {
    key: 'product-card',
    label: 'Product card',
    design: design('Product card', 1080, 1350, '#f1f5f9', [
      rect('photo-well', 80, 80, 920, 780, { fill: '#e2e8f0', radius: 32 }),
      { name: 'photo', type: 'image', x: 80, y: 80, width: 920, height: 780, imageUrl: null, fit: 'cover', radius: 32 },
      rect('price-tag', 760, 120, 200, 80, { fill: '#16a34a', radius: 40 }),
      text('price', 760, 120, 200, 80, '$49', { fontSize: 40, fontWeight: 800, color: '#ffffff', align: 'center', verticalAlign: 'middle' }),
      text('name', 80, 910, 920, 90, 'Everyday Canvas Tote', { fontSize: 64, fontWeight: 800, autoFit: true, minFontSize: 36 }),
      text('description', 80, 1020, 920, 120, 'Heavy cotton, reinforced handles, room for a laptop.', { fontSize: 34, color: '#475569', maxLines: 2 }),
      rect('cta', 80, 1180, 320, 90, { fill: '#0f172a', radius: 45 }),
      text('cta-text', 80, 1180, 320, 90, 'Shop now', { fontSize: 34, fontWeight: 700, color: '#ffffff', align: 'center', verticalAlign: 'middle' }),
    ]),
  },
  {
    key: 'carousel-slide',
    label: 'Carousel slide',
    design: design('Carousel slide', 1080, 1350, '#4f46e5', [
      rect('panel', 60, 60, 960, 1230, { fill: '#ffffff', radius: 40 }),
      text('step', 130, 140, 400, 60, 'STEP 2 OF 5', { fontSize: 30, fontWeight: 700, color: '#4f46e5', letterSpacing: 3 }),
      text('heading', 130, 230, 820, 300, 'Keep every template in git', { fontSize: 80, fontWeight: 800, maxLines: 3, autoFit: true, minFontSize: 44 }),
      text('body', 130, 590, 820, 420, 'Export with templates:export, review the JSON like code, and import it on any server: ids and versions stay put.', {
        fontSize: 40,
        color: '#334155',
        lineHeight: 1.4,
        maxLines: 7,
      }),
      { name: 'dot-1', type: 'ellipse', x: 130, y: 1160, width: 24, height: 24, fill: '#c7d2fe' },
      { name: 'dot-2', type: 'ellipse', x: 170, y: 1160, width: 24, height: 24, fill: '#4f46e5' },
      { name: 'dot-3', type: 'ellipse', x: 210, y: 1160, width: 24, height: 24, fill: '#c7d2fe' },
      text('swipe', 650, 1145, 300, 50, 'Swipe →', { fontSize: 34, fontWeight: 700, color: '#4f46e5', align: 'right' }),
    ]),
  },
];
