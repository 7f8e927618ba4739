import { Injectable } from '@nestjs/common';
import { isDeepStrictEqual } from 'node:util';
import { Clock } from '../common/clock/clock';
import { newId } from '../common/ids';
import { ChangeFeed } from '../database/change-feed';
import { ChangeFeedCache } from '../database/change-feed-cache';
import { CreateTemplateInput, DESIGN_FIELDS, UpdateTemplateInput } from '../design/template.schema';
import { Template } from './entities/template.entity';
import { FontFacesRepository } from '../fonts/font-faces.repository';
import { unknownFontFamilies } from '../fonts/unknown-font-families';
import { SELECTABLE_FAMILIES } from '../fonts/font-catalog';
import { fontFamiliesOf, imageSourceOf, type LayerDefinition } from '../design/layer-registry';
import { assetIdOf } from '../design/asset-reference';
import { AssetsRepository } from '../assets/assets.repository';
import { CommonErrorCode, CommonException } from '../common/errors/app-exception';
import { TemplatesErrorCode, TemplatesException } from './templates.exception';
import { TemplatesRepository } from './templates.repository';

const MAX_UPDATE_ATTEMPTS = 5;

@Injectable()
export class TemplatesService {
  /** Every render reads its template: rows are remembered by id until the change feed reports a write. */
  private readonly remembered: ChangeFeedCache<string, Template>;

  constructor(
    private readonly templates: TemplatesRepository,
    private readonly clock: Clock,
    changes: ChangeFeed,
    private readonly fonts: FontFacesRepository,
    private readonly assets: AssetsRepository,
  ) {
    this.remembered = new ChangeFeedCache(changes, 10_000);
  }

  /** `id` is given only by `templates:import`, which keeps ids across databases. */
  async create(accountId: string, input: CreateTemplateInput, id: string = newId('tpl')): Promise<Template> {
    await this.checkFontFamilies(accountId, input.layers);
    await this.checkAssets(accountId, input.layers);
    const now = this.clock.now();
    return this.templates.insert(Object.assign(new Template(), { ...input, id, accountId, version: 1, createdAt: now, updatedAt: now }));
  }

  list(accountId: string): Promise<Template[]> {
    return this.templates.listByAccount(accountId);
  }

  /** Another account's template is answered exactly like a missing one. */
  async getOwned(accountId: string, id: string): Promise<Template> {
    const template = await this.getById(id);
    if (template.accountId !== accountId) throw TemplatesException.notFound(id);
    return template;
  }

  /** For the public endpoint, which has no caller account. A copy: callers must not edit the remembered row. */
  async getById(id: string): Promise<Template> {
    const template = await this.remembered.getOrLoad(id, () => this.templates.findById(id));
    if (!template) throw TemplatesException.notFound(id);
    return { ...template };
  }

  /**
   * Merges the given fields; a design change bumps `version` exactly once per PATCH, guarded by a
   * compare-and-set on the old version so concurrent PATCHes cannot both claim the same number.
   * `ifMatch` (the If-Match header: `"<version>"`) makes the change conditional: a template whose
   * version moved since the caller read it answers 409 version_conflict instead of being overwritten.
   */
  async update(accountId: string, id: string, input: UpdateTemplateInput, ifMatch?: string): Promise<Template> {
    const expected = ifMatch === undefined ? undefined : parseVersionTag(ifMatch);
    if (input.layers) await this.checkFontFamilies(accountId, input.layers);
    if (input.layers) await this.checkAssets(accountId, input.layers);
    for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
      // Straight from the database: the compare-and-set below needs the committed version.
      const current = await this.templates.findOwned(id, accountId);
      if (!current) throw TemplatesException.notFound(id);
      if (expected !== undefined && current.version !== expected) {
        throw new TemplatesException(
          TemplatesErrorCode.VERSION_CONFLICT,
          `Template ${id} is at version ${current.version}, not ${expected}: it changed elsewhere`,
        );
      }
      const next = { ...current, ...input };
      const designChanged = DESIGN_FIELDS.some((field) => !isDeepStrictEqual(current[field], next[field]));
      const changes: Partial<Template> = { ...input, updatedAt: this.clock.now() };
      if (designChanged) changes.version = current.version + 1;
      if (await this.templates.updateIfVersion(id, accountId, current.version, changes)) return { ...next, ...changes };
    }
    throw new TemplatesException(TemplatesErrorCode.CONFLICT, 'Template changed concurrently; try again');
  }

  /** §14: a text layer names a built-in family or one of the account's own; anything else is a 400. */
  private async checkFontFamilies(accountId: string, layers: readonly LayerDefinition[]): Promise<void> {
    const unknown: Array<{ path: string; family: string }> = [];
    for (const [index, layer] of layers.entries()) {
      for (const { field, family } of fontFamiliesOf(layer)) {
        const place = { path: `layers.${index}.${field}`, family };
        if (SELECTABLE_FAMILIES.includes(place.family) || (await this.fonts.familyFaces(accountId, place.family)).length > 0) continue;
        unknown.push(place);
      }
    }
    if (unknown.length > 0) throw unknownFontFamilies(unknown);
  }

  /** §24: `asset:<id>` names one of the account's assets; another account's, an unknown or a deleted one is a 400. */
  private async checkAssets(accountId: string, layers: readonly LayerDefinition[]): Promise<void> {
    const named = layers.flatMap((layer, index) => {
      const id = assetIdOf(imageSourceOf(layer));
      return id ? [{ path: `layers.${index}.imageUrl`, id }] : [];
    });
    if (named.length === 0) return;
    const owned = await this.assets.ownedIds(
      accountId,
      named.map(({ id }) => id),
    );
    const details = named.filter(({ id }) => !owned.has(id)).map(({ path, id }) => ({ path, message: `unknown asset "${id}" (see GET /api/assets)` }));
    if (details.length > 0) {
      throw new CommonException(CommonErrorCode.VALIDATION_FAILED, details.map((detail) => `${detail.path}: ${detail.message}`).join('; '), { details });
    }
  }

  async remove(accountId: string, id: string): Promise<void> {
    if (!(await this.templates.delete(id, accountId))) throw TemplatesException.notFound(id);
  }
}

/** If-Match as `"3"`, `W/"3"` or `3`: the version the caller last saw. */
function parseVersionTag(value: string): number {
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(value);
  if (!match) throw new TemplatesException(TemplatesErrorCode.PRECONDITION_INVALID, 'If-Match must be the template version you last read, e.g. "3"');
  return Number(match[1]);
}
