import { createHmac } from 'node:crypto';
import type { Template } from '../templates/entities/template.entity';
import type { RenderRequest } from './dto/render-request.schema';
import { RenderWarning, RenderWarningCode } from '../design/render-warning';
import { applyOverride, LayerOverride, OVERRIDABLE } from '../design/layer-registry';
import { OUTPUT_FORMATS, qualityOf } from '../design/output-formats';
import type { DrawJob } from './renderer/draw-job';
import type { AccountFontPlan } from '../fonts/account-fonts.service';

export interface RenderPlan {
  key: string;
  fileName: string;
  /** Warnings that depend on the request, not the drawing: recomputed on every answer. */
  requestWarnings: RenderWarning[];
  job: Omit<DrawJob, 'images'>;
  /** Whether the owner's own fonts entered the plan (its key and job then depend on them, not only on the design and request). */
  ownFonts: boolean;
}

/** Stable JSON: object keys sorted, so equal inputs serialize equally whatever their order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Output size: both given as asked; one given keeps the design's aspect ratio. */
export function outputSize(template: Pick<Template, 'width' | 'height'>, width?: number, height?: number) {
  const clamp = (value: number) => Math.min(4096, Math.max(1, Math.round(value)));
  if (width && height) return { width, height };
  if (width) return { width, height: clamp((width * template.height) / template.width) };
  if (height) return { width: clamp((height * template.width) / template.height), height };
  return { width: template.width, height: template.height };
}

/**
 * Resolves a request against a template into the drawing job and its cache key. Override names the
 * template lacks (and fields a layer type does not take) are dropped before the key is computed.
 */
export function planRender(template: Template, request: RenderRequest, keySecret: Buffer, fonts?: Omit<AccountFontPlan<unknown>, 'layers'>): RenderPlan {
  const requestWarnings: RenderWarning[] = [...(fonts?.warnings ?? [])];
  const byName = new Map(template.layers.map((layer) => [layer.name, layer]));
  // Null prototype: a layer named `constructor` or `toString` finds only its own override.
  const overrides = Object.create(null) as Record<string, LayerOverride>;
  for (const [name, override] of Object.entries(request.layers)) {
    const layer = byName.get(name);
    if (!layer) {
      requestWarnings.push({ code: RenderWarningCode.UNKNOWN_LAYER, layer: name, message: `Template has no layer "${name}"; override ignored` });
      continue;
    }
    const kept: LayerOverride = {};
    for (const [field, value] of Object.entries(override) as Array<[keyof LayerOverride, never]>) {
      if (value === undefined) continue;
      if (OVERRIDABLE[layer.type].has(field)) kept[field] = value;
      else if (field !== 'text') {
        requestWarnings.push({
          code: RenderWarningCode.OVERRIDE_IGNORED,
          layer: name,
          message: `"${field}" does not apply to a ${layer.type} layer; ignored`,
        });
      }
    }
    if (Object.keys(kept).length > 0) overrides[name] = kept;
  }

  const layers = template.layers.map((layer) => {
    const resolved = applyOverride(layer, overrides[layer.name]);
    if (resolved.warning) requestWarnings.push(resolved.warning);
    return resolved.layer;
  });
  const size = outputSize(template, request.width, request.height);
  const format = request.format;
  // A format without quality (PNG) keeps it out of the key, so `quality` does not split the cache.
  const quality = qualityOf(format, request.quality);
  // Account fonts (§14) enter the key only when used, so keys of built-in-font templates stay as they were.
  const fontIdentity = fonts && fonts.identity.length > 0 ? { fonts: fonts.identity } : {};
  // PDF/A only where it applies, and only when asked: other keys stay as they were.
  const archival = format === 'pdf' && request.pdf?.archival === true;
  const identity = {
    v: 1,
    templateId: template.id,
    version: template.version,
    overrides,
    ...size,
    format,
    quality,
    ...fontIdentity,
    ...(archival ? { archival } : {}),
  };
  const key = createHmac('sha256', keySecret).update(canonicalJson(identity)).digest('hex');
  return {
    key,
    fileName: `${key}.${OUTPUT_FORMATS[format].extension}`,
    requestWarnings,
    ownFonts: fonts !== undefined && fonts.identity.length > 0,
    job: {
      design: { width: template.width, height: template.height, background: template.background, layers },
      output: { ...size, format, quality, ...(archival ? { archival } : {}) },
      ...(fonts && fonts.faces.length > 0 ? { fonts: fonts.faces } : {}),
    },
  };
}
