import { LRUCache } from 'lru-cache';
import type { Template } from '../templates/entities/template.entity';
import type { RenderRequest } from './dto/render-request.schema';
import type { RenderPlan } from './render-plan';

/** Plans kept. A plan's unchanged layers are the cached template's own objects, so each adds little beyond its overrides. */
const PLANS = 1_000;
/** A request longer than this (as JSON) is planned each time: its plan is as large, and such requests are rarely repeated. */
const MAX_REQUEST_CHARACTERS = 4 * 1024;

/**
 * Plans of stored templates by template version and request, so a repeated request (a cached answer's usual shape)
 * is not resolved against the design and hashed again (~12 % of a cached answer's main-thread time). Only plans that
 * none of the owner's fonts entered are kept: the rest depend on the owner's fonts too. A design change bumps the
 * template's version, so a kept plan never outlives the design it was made from.
 */
export class RenderPlanMemo {
  private readonly plans = new LRUCache<string, RenderPlan>({ max: PLANS });

  /** The memo's key for this request, or null when it is not kept. */
  keyOf(template: Pick<Template, 'id' | 'version'>, request: RenderRequest): string | null {
    const body = JSON.stringify(request);
    return body.length > MAX_REQUEST_CHARACTERS ? null : `${template.id}\u0000${template.version}\u0000${body}`;
  }

  get(key: string | null): RenderPlan | undefined {
    return key === null ? undefined : this.plans.get(key);
  }

  remember(key: string | null, plan: RenderPlan): void {
    if (key !== null && !plan.ownFonts) this.plans.set(key, plan);
  }
}
