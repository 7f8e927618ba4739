import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { settle, unwrap, type SettledPromise } from '../common/async/settle';
import { drawsText, fontFamiliesOf, withFontFamilies, type LayerDefinition } from '../design/layer-registry';
import type { RenderWarning } from '../design/render-warning';
import { RenderWarningCode } from '../design/render-warning';
import type { JobFontFace } from './account-fonts';
import type { FontFace } from './entities/font-face.entity';
import { DEFAULT_FONT_FAMILY, SELECTABLE_FAMILIES } from './font-catalog';
import { isBuiltinFamily } from './font-resolver';
import { unknownFontFamilies } from './unknown-font-families';
import { familyKeyOf, FontsService } from './fonts.service';
import { FontInspector } from './inspect/font-inspector';

/** A template layer; its type's hooks say whether it draws text and which families it names. */
type FontedLayer = LayerDefinition;

/** A render request's overrides as far as font planning cares: the spans they bring, by layer name. */
export type FontedOverrides = Readonly<Record<string, { spans?: ReadonlyArray<{ fontFamily?: string }> | null } | undefined>>;

/** The families that overrides' spans name, with their place in the request, for the template's text layers. */
function overrideFamilies(layers: readonly FontedLayer[], overrides: FontedOverrides): Array<{ path: string; family: string }> {
  const textLayers = new Set(layers.filter(drawsText).map((layer) => layer.name));
  return Object.entries(overrides).flatMap(([name, override]) =>
    !textLayers.has(name)
      ? []
      : (override?.spans ?? []).flatMap((span, index) =>
          span.fontFamily ? [{ path: `layers.${name}.spans.${index}.fontFamily`, family: span.fontFamily }] : [],
        ),
  );
}

/** Every family a text layer names: its own and its spans'. */
const familiesOf = (layer: FontedLayer): string[] => fontFamiliesOf(layer).map(({ family }) => family);

export interface AccountFontPlan<Layer> {
  layers: Layer[];
  /** `font_unavailable` for layers whose family has been deleted. */
  warnings: RenderWarning[];
  /** What the render cache key must include: each account family used, with its faces' content hashes. */
  identity: Array<[string, Array<[string, string, number, string]>]>;
  faces: JobFontFace[];
}

/** A face ready to travel to the workers: its privately named bytes and its packed coverage. */
interface PreparedFace {
  bytes: Uint8Array;
  coverage: string;
}

/** Memory for packed coverage (a fragmented cmap packs to up to ~0.5 MB: see MAX_COVERAGE_RANGES). */
const COVERAGE_CHARACTERS = 16 * 1024 * 1024;

/** Memory for prepared copies; a face larger than this is prepared again for each job until a worker has it. */
const PREPARED_BYTES = 64 * 1024 * 1024;

export const registeredNameOf = (face: Pick<FontFace, 'id' | 'sha256'>): string => `${face.id}-${face.sha256.slice(0, 16)}`;

/**
 * Resolves the account families a template's text layers name to the owner's faces at plan time, and
 * ships each face's bytes to the workers until one has loaded it (the worker font collection is
 * shared by all threads of this process).
 */
@Injectable()
export class AccountFontsService {
  private readonly logger = new Logger(AccountFontsService.name);
  /** Faces a worker of this process has registered, by registered name. */
  private readonly loaded = new Set<string>();
  /** Packed coverage by registered name (content-addressed, so never stale). */
  private readonly coverage = new LRUCache<string, string>({
    max: 2_000,
    maxSize: COVERAGE_CHARACTERS,
    sizeCalculation: (packed) => Math.max(1, packed.length),
  });
  /**
   * Privately named copies waiting for a worker to load them (dropped once one has): the first renders after an
   * upload or a restart each needed a storage read and a rename (WOFF2: a WebAssembly decode) without it.
   */
  private readonly prepared = new LRUCache<string, PreparedFace>({ maxSize: PREPARED_BYTES, sizeCalculation: (face) => Math.max(1, face.bytes.byteLength) });
  /** Preparations under way, so concurrent renders with a new face read and rename it once. */
  private readonly preparing = new Map<string, SettledPromise<PreparedFace | null>>();

  constructor(
    private readonly fonts: FontsService,
    private readonly inspector: FontInspector,
  ) {}

  /**
   * `overrides`: the request's layer overrides. A family their spans name must be one a template could save
   * (a selectable built-in family or the owner's own): anything else is a 400, as on save, and never reaches
   * the drawing (where Skia would look the name up among the host's fonts).
   */
  async plan<Layer extends FontedLayer>(accountId: string, layers: readonly Layer[], overrides: FontedOverrides = {}): Promise<AccountFontPlan<Layer>> {
    const overridden = overrideFamilies(layers, overrides).filter(({ family }) => !SELECTABLE_FAMILIES.includes(family));
    const named = new Set([...layers.flatMap(familiesOf), ...overridden.map(({ family }) => family)].filter((family) => !isBuiltinFamily(family)));
    const empty: AccountFontPlan<Layer> = { layers: [...layers], warnings: [], identity: [], faces: [] };
    if (named.size === 0 && overridden.length === 0) return empty;
    const all = await this.fonts.facesOf(accountId);
    const warnings: RenderWarning[] = [];
    const identity: AccountFontPlan<Layer>['identity'] = [];
    const faces: JobFontFace[] = [];
    const unavailable = new Set<string>();
    for (const family of [...named].sort()) {
      const own = all.filter((face) => face.familyKey === familyKeyOf(family));
      const shipped = await Promise.all(own.map((face) => this.jobFace(family, face)));
      const usable = own.filter((_, index) => shipped[index] !== null);
      if (usable.length === 0) {
        unavailable.add(family);
        identity.push([family, []]);
        continue;
      }
      identity.push([family, usable.map((face) => [face.id, face.sha256, face.weight, face.style])]);
      for (const face of shipped) if (face) faces.push(face);
    }
    const unknown = overridden.filter(({ family }) => isBuiltinFamily(family) || unavailable.has(family));
    if (unknown.length > 0) throw unknownFontFamilies(unknown);
    const planned = layers.map((layer) => {
      const gone = [...new Set(familiesOf(layer).filter((family) => unavailable.has(family)))];
      if (gone.length === 0) return layer;
      warnings.push({
        code: RenderWarningCode.FONT_UNAVAILABLE,
        layer: layer.name,
        message: `Font family ${gone.map((family) => `"${family}"`).join(', ')} is no longer available; drawn with ${DEFAULT_FONT_FAMILY}`,
      });
      return withFontFamilies(layer, (family) => (unavailable.has(family) ? DEFAULT_FONT_FAMILY : family));
    });
    return { layers: planned, warnings, identity, faces };
  }

  /** After a drawing that used `faces` succeeded: the workers have them, so later jobs travel without bytes. */
  confirmLoaded(faces: readonly JobFontFace[]): void {
    for (const face of faces) {
      if (!face.bytes) continue;
      this.loaded.add(face.registeredName);
      this.prepared.delete(face.registeredName);
    }
  }

  /** A worker found a face missing (a job without bytes reached it first): send the bytes again. */
  forgetLoaded(registeredNames: readonly string[]): void {
    for (const name of registeredNames) this.loaded.delete(name);
  }

  private async jobFace(family: string, face: FontFace): Promise<JobFontFace | null> {
    const registeredName = registeredNameOf(face);
    const loaded = this.loaded.has(registeredName);
    let coverage = this.coverage.get(registeredName);
    let bytes: Uint8Array | undefined;
    if (!loaded || coverage === undefined) {
      const prepared = await this.prepare(face, registeredName);
      if (!prepared) return null;
      ({ coverage, bytes } = prepared);
    }
    const shipped: JobFontFace = { family, registeredName, weight: face.weight, style: face.style, coverage };
    if (!loaded) shipped.bytes = bytes;
    return shipped;
  }

  private prepare(face: FontFace, registeredName: string): Promise<PreparedFace | null> {
    const ready = this.prepared.get(registeredName);
    if (ready) return Promise.resolve(ready);
    let pending = this.preparing.get(registeredName);
    if (!pending) {
      pending = settle(this.readAndRename(face, registeredName).finally(() => this.preparing.delete(registeredName)));
      this.preparing.set(registeredName, pending);
    }
    return unwrap(pending);
  }

  private async readAndRename(face: FontFace, registeredName: string): Promise<PreparedFace | null> {
    const stored = await this.fonts.bytesOf(face);
    if (!stored) {
      this.logger.warn(`Font ${face.id} is missing from storage (${face.storageKey})`);
      return null;
    }
    // Coverage and the private name are worked out in a thread with a deadline (font-inspector.ts): a face's
    // tables cannot freeze the server at its first use either, and a face that cannot be read there is unavailable.
    const prepared = await this.inspector.prepare(stored, registeredName).catch((error: Error) => {
      this.logger.warn(`Font ${face.id} could not be prepared for drawing: ${error.message}`);
      return null;
    });
    if (!prepared) return null;
    this.coverage.set(registeredName, prepared.coverage);
    if (!this.loaded.has(registeredName)) this.prepared.set(registeredName, prepared);
    return prepared;
  }
}
