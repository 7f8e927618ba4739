import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { RenderWarning } from '../render/dto/render-response';
import { RenderWarningCode } from '../render/dto/render-response';
import type { JobFontFace } from './account-fonts';
import { packRanges, rangesFromCodePoints } from './coverage/code-point-ranges';
import type { FontFace } from './entities/font-face.entity';
import { DEFAULT_FONT_FAMILY } from './font-catalog';
import { FontParser } from './font-parser';
import { withPrivateName } from './font-private-name';
import { isBuiltinFamily } from './font-resolver';
import { familyKeyOf, FontsService } from './fonts.service';

/** A text layer as far as font planning cares. */
interface FontedLayer {
  name: string;
  type: string;
  fontFamily?: string;
  spans?: ReadonlyArray<{ fontFamily?: string }> | null;
}

/** Every family a text layer names: its own and its spans'. */
const familiesOf = (layer: FontedLayer): string[] =>
  layer.type !== 'text' ? [] : [layer.fontFamily, ...(layer.spans ?? []).map((span) => span.fontFamily)].filter((family): family is string => Boolean(family));

export interface AccountFontPlan<Layer> {
  layers: Layer[];
  /** `font_unavailable` for layers whose family has been deleted. */
  warnings: RenderWarning[];
  /** What the render cache key must include: each account family used, with its faces' content hashes. */
  identity: Array<[string, Array<[string, string, number, string]>]>;
  faces: JobFontFace[];
}

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
  private readonly coverage = new LRUCache<string, string>({ max: 2_000 });

  constructor(
    private readonly fonts: FontsService,
    private readonly parser: FontParser,
  ) {}

  async plan<Layer extends FontedLayer>(accountId: string, layers: readonly Layer[]): Promise<AccountFontPlan<Layer>> {
    const named = new Set(layers.flatMap(familiesOf).filter((family) => !isBuiltinFamily(family)));
    const empty: AccountFontPlan<Layer> = { layers: [...layers], warnings: [], identity: [], faces: [] };
    if (named.size === 0) return empty;
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
    const planned = layers.map((layer) => {
      const gone = [...new Set(familiesOf(layer).filter((family) => unavailable.has(family)))];
      if (gone.length === 0) return layer;
      warnings.push({
        code: RenderWarningCode.FONT_UNAVAILABLE,
        layer: layer.name,
        message: `Font family ${gone.map((family) => `"${family}"`).join(', ')} is no longer available; drawn with ${DEFAULT_FONT_FAMILY}`,
      });
      const replaced = (family: string | undefined) => (family !== undefined && unavailable.has(family) ? DEFAULT_FONT_FAMILY : family);
      return {
        ...layer,
        fontFamily: replaced(layer.fontFamily),
        ...(layer.spans ? { spans: layer.spans.map((span) => ({ ...span, fontFamily: replaced(span.fontFamily) })) } : {}),
      };
    });
    return { layers: planned, warnings, identity, faces };
  }

  /** After a drawing that used `faces` succeeded: the workers have them, so later jobs travel without bytes. */
  confirmLoaded(faces: readonly JobFontFace[]): void {
    for (const face of faces) if (face.bytes) this.loaded.add(face.registeredName);
  }

  /** A worker found a face missing (a job without bytes reached it first): send the bytes again. */
  forgetLoaded(registeredNames: readonly string[]): void {
    for (const name of registeredNames) this.loaded.delete(name);
  }

  private async jobFace(family: string, face: FontFace): Promise<JobFontFace | null> {
    const registeredName = registeredNameOf(face);
    let coverage = this.coverage.get(registeredName);
    let bytes: Buffer | null = null;
    if (!this.loaded.has(registeredName) || coverage === undefined) {
      bytes = await this.fonts.bytesOf(face);
      if (!bytes) {
        this.logger.warn(`Font ${face.id} is missing from storage (${face.storageKey})`);
        return null;
      }
      coverage ??= packRanges(rangesFromCodePoints(this.parser.parse(bytes).codePoints));
      this.coverage.set(registeredName, coverage);
    }
    const shipped: JobFontFace = { family, registeredName, weight: face.weight, style: face.style, coverage };
    if (!this.loaded.has(registeredName) && bytes) {
      const privatelyNamed = await withPrivateName(bytes, registeredName).catch((error: Error) => {
        this.logger.warn(`Font ${face.id} could not be prepared for drawing: ${error.message}`);
        return null;
      });
      if (!privatelyNamed) return null;
      shipped.bytes = new Uint8Array(privatelyNamed.buffer, privatelyNamed.byteOffset, privatelyNamed.byteLength);
    }
    return shipped;
  }
}
