import { RenderWarningCode } from '../../dto/render-response';
import { formatCodePoints, numericWeight } from '../../../fonts/font-resolver';
import { fitText, lineText } from '../../renderer/text-layout';
import type { LayerDrawer } from '../layer-drawer';
import type { TextLayer } from './text-layer.definition';

export const drawText: LayerDrawer<TextLayer> = (ctx, textLayer, { warnings, fonts }) => {
  const missing = fonts.missingCodePoints(textLayer.fontFamily, textLayer.text);
  if (missing.length > 0) {
    warnings.push({
      code: RenderWarningCode.GLYPH_MISSING,
      layer: textLayer.name,
      message: `No font has ${formatCodePoints(missing)}; drawn as a missing-glyph box`,
    });
  }
  // Characters no font has become a stand-in that draws `.notdef` without consulting the host's fonts.
  const layer = { ...textLayer, text: fonts.withStandIns(textLayer.text, missing) };
  // Chosen from the whole text plus the ellipsis that truncation may add (U+2026).
  const { families } = fonts.fontListFor(layer.fontFamily, numericWeight(layer.fontWeight), 'normal', `${layer.text}\u2026`);
  const fontString = (size: number) => `${layer.fontWeight} ${size}px ${families}`;
  const measure = (text: string, size: number) => {
    ctx.font = fontString(size);
    return ctx.measureText(text).width;
  };
  const fit = fitText(layer, measure);
  if (fit.truncated) {
    warnings.push({
      code: RenderWarningCode.TEXT_TRUNCATED,
      layer: layer.name,
      message: `Text did not fit at ${layer.autoFit ? 'minFontSize ' : ''}${fit.fontSize}px and was shortened with an ellipsis`,
    });
  }
  if (fit.lines.length === 0) return;
  const lineHeight = fit.fontSize * layer.lineHeight;
  const blockHeight = lineHeight * fit.lines.length;
  const top =
    layer.verticalAlign === 'middle'
      ? layer.y + (layer.height - blockHeight) / 2
      : layer.verticalAlign === 'bottom'
        ? layer.y + layer.height - blockHeight
        : layer.y;
  const x = layer.align === 'center' ? layer.x + layer.width / 2 : layer.align === 'right' ? layer.x + layer.width : layer.x;
  ctx.font = fontString(fit.fontSize);
  ctx.fillStyle = layer.color;
  ctx.textAlign = layer.align;
  ctx.textBaseline = 'middle';
  fit.lines.forEach((line, index) => ctx.fillText(lineText(layer.text, line), x, top + lineHeight * index + lineHeight / 2));
};
