import type { SKRSContext2D } from '@napi-rs/canvas';
import { RenderWarning, RenderWarningCode } from '../../../design/render-warning';
import { fitText, runMeasurer } from '../../renderer/text-layout';
import { formatCodePoints, FontResolver, numericWeight } from '../../../fonts/font-resolver';
import type { LayerDrawer } from '../layer-drawer';
import { TextContent, TextStyle, textContent } from './text-content';
import { placeLines } from './text-lines';
import type { TextLayer } from '../../../design/layers/text/text-layer.definition';

// Bidi overrides around each run: the run is already in visual order, so Skia's own bidi must not reorder it.
const LEFT_TO_RIGHT_OVERRIDE = '\u202D';
const RIGHT_TO_LEFT_OVERRIDE = '\u202E';
const POP_DIRECTIONAL_FORMATTING = '\u202C';

function fontString(style: TextStyle, size: number, families: string): string {
  return `${style.fontStyle} ${style.fontWeight} ${size}px ${families}`;
}

/**
 * The text with every character no font has (for its range's family) replaced by a stand-in that draws
 * `.notdef` on every host, the ranges moved to match, and the `glyph_missing` warning.
 */
function withMissingGlyphs(content: TextContent, fonts: FontResolver, layerName: string, warnings: RenderWarning[]): TextContent {
  const missingAll = new Set<number>();
  let text = '';
  let start = 0;
  const ranges = content.ranges.map((range) => {
    const piece = content.text.slice(start, range.end);
    start = range.end;
    const missing = fonts.missingCodePoints(content.styles[range.style].fontFamily, piece);
    for (const codePoint of missing) missingAll.add(codePoint);
    text += fonts.withStandIns(piece, missing);
    return { ...range, end: text.length };
  });
  if (missingAll.size === 0) return content;
  warnings.push({
    code: RenderWarningCode.GLYPH_MISSING,
    layer: layerName,
    message: `No font has ${formatCodePoints([...missingAll])}; drawn as a missing-glyph box`,
  });
  return { ...content, text, ranges };
}

/** The y range of the layer's coordinates (the current transform's) that falls on the canvas. */
function visibleBand(ctx: SKRSContext2D): { top: number; bottom: number } {
  // A PDF page's context has no canvas (vector-surfaces.ts): every line is drawn there.
  if (!(ctx.canvas as SKRSContext2D['canvas'] | undefined)) return { top: -Infinity, bottom: Infinity };
  const inverse = ctx.getTransform().inverse();
  const { width, height } = ctx.canvas;
  const ys = [
    [0, 0],
    [width, 0],
    [0, height],
    [width, height],
  ].map(([x, y]) => inverse.transformPoint({ x, y }).y);
  return { top: Math.min(...ys), bottom: Math.max(...ys) };
}

export const drawText: LayerDrawer<TextLayer> = (ctx, layer, { warnings, fonts }) => {
  // The language shaping uses (localized forms): the layer's own, else a fixed one, never the host's ('inherit').
  ctx.lang = layer.lang ?? 'en';
  // In a PDF the layer's box becomes a link annotation (§21); on a raster or SVG canvas Skia ignores it.
  if (layer.link) ctx.annotateLinkUrl(layer.x, layer.y, layer.x + layer.width, layer.y + layer.height, layer.link);
  const content = withMissingGlyphs(textContent(layer), fonts, layer.name, warnings);
  const { text, styles, ranges } = content;
  // The family and the fallbacks the measured or drawn text itself needs (account families resolve to their faces). Each
  // character takes the first family in fallback order that has it, so a shorter list picks the same faces, and Skia
  // resolves a few families per call instead of every one the whole layer needs (hundreds of CJK subsets in a long text).
  const fontFor = (style: TextStyle, sample: string) =>
    fonts.fontListFor(style.fontFamily, numericWeight(style.fontWeight as 'normal' | 'bold' | number), style.fontStyle, sample, layer.lang);
  const letterSpacing = layer.letterSpacing ?? 0;
  const measure = (value: string, size: number, style: number) => {
    ctx.font = fontString(styles[style], size, fontFor(styles[style], value).families);
    ctx.letterSpacing = '0px';
    return ctx.measureText(value).width;
  };
  const options = { ...layer, text, styles: ranges, letterSpacing };
  const fit = fitText(options, measure);
  if (fit.truncated) {
    warnings.push({
      code: RenderWarningCode.TEXT_TRUNCATED,
      layer: layer.name,
      message: `Text did not fit at ${layer.autoFit ? 'minFontSize ' : ''}${fit.fontSize}px and was shortened with an ellipsis`,
    });
  }
  if (fit.lines.length === 0) return;
  const size = fit.fontSize;
  const spacing = (letterSpacing * size) / layer.fontSize;
  const measureRun = runMeasurer(options, measure, size);

  // CSS line boxes: each line is lineHeight × size tall, and the glyphs sit on a baseline half the
  // leading below its top plus the primary font's ascent (not the em box's middle, which sat ~0.05 em high).
  ctx.font = fontString(styles[0], size, fontFor(styles[0], '').families);
  const metrics = ctx.measureText('');
  const ascent = metrics.fontBoundingBoxAscent;
  const descent = metrics.fontBoundingBoxDescent;
  const lineHeight = size * layer.lineHeight;
  const blockHeight = lineHeight * fit.lines.length;
  const top =
    layer.verticalAlign === 'middle'
      ? layer.y + (layer.height - blockHeight) / 2
      : layer.verticalAlign === 'bottom'
        ? layer.y + layer.height - blockHeight
        : layer.y;

  // Lines that cannot reach the canvas are not drawn: a tall box of small text can hold thousands of lines below
  // its edge, each a shaping call. The margin covers what a line can put outside its own box (marks, stroke, shadow).
  const shadowReach = layer.shadow ? Math.abs(layer.shadow.offsetX) + Math.abs(layer.shadow.offsetY) + 2 * layer.shadow.blur : 0;
  const margin = 2 * size + (layer.strokeWidth ?? 0) + (layer.background?.padding ?? 0) + shadowReach;
  const band = visibleBand(ctx);
  const lines = placeLines({ text, ranges, fit, direction: layer.direction ?? 'auto', align: layer.align, x: layer.x, width: layer.width, measureRun })
    .map((line, index) => ({ ...line, baseline: top + lineHeight * index + (lineHeight - (ascent + descent)) / 2 + ascent }))
    .filter((line) => line.baseline + descent + margin >= band.top && line.baseline - ascent - margin <= band.bottom);
  if (layer.background) {
    const { color, padding, radius } = layer.background;
    ctx.fillStyle = color;
    for (const line of lines) {
      if (line.runs.length === 0 || line.right <= line.left) continue;
      ctx.beginPath();
      ctx.roundRect(line.left - padding, line.baseline - ascent - padding, line.right - line.left + 2 * padding, ascent + descent + 2 * padding, radius);
      ctx.fill();
    }
  }

  if (layer.shadow) {
    // Canvas shadows are in output pixels, outside the transform: map the design's offset and blur through it,
    // so the shadow scales with the output size and turns with the layer's rotation, as the text does.
    const { a, b, c, d } = ctx.getTransform();
    const { color, blur, offsetX, offsetY } = layer.shadow;
    ctx.shadowColor = color;
    ctx.shadowBlur = blur * Math.sqrt(Math.abs(a * d - b * c));
    ctx.shadowOffsetX = a * offsetX + c * offsetY;
    ctx.shadowOffsetY = b * offsetX + d * offsetY;
  }
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.letterSpacing = `${spacing}px`;
  const strokeWidth = layer.strokeWidth ?? 0;
  for (const line of lines) {
    for (const run of line.runs) {
      const style = styles[run.style];
      ctx.font = fontString(style, size, fontFor(style, run.text).families);
      ctx.direction = run.rtl ? 'rtl' : 'ltr';
      const drawn = (run.rtl ? RIGHT_TO_LEFT_OVERRIDE : LEFT_TO_RIGHT_OVERRIDE) + run.text + POP_DIRECTIONAL_FORMATTING;
      if (strokeWidth > 0) {
        // The outline goes under the fill, so the letters keep their full shape and colour.
        ctx.strokeStyle = layer.strokeColor ?? '#000000';
        ctx.lineWidth = strokeWidth;
        ctx.lineJoin = 'round';
        ctx.strokeText(drawn, run.x, line.baseline);
      }
      ctx.fillStyle = style.color;
      ctx.fillText(drawn, run.x, line.baseline);
      if (style.underline) {
        const thickness = Math.max(1, size / 14);
        ctx.fillRect(run.x, line.baseline + size * 0.1, run.width, thickness);
      }
    }
  }
};
