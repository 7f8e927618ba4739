import { Injectable } from '@nestjs/common';
import type { RenderWarning } from '../design/render-warning';
import type { LocalWrite } from '../storage/image-storage';
import { AccountFontsService } from '../fonts/account-fonts.service';
import type { Template } from '../templates/entities/template.entity';
import type { RenderRequest } from './dto/render-request.schema';
import { LayerImageFetcher } from './layer-image-fetcher';
import type { RenderBudget } from './render-budget';
import { planRender, RenderPlan } from './render-plan';
import type { DrawJob } from './renderer/draw-job';
import { RendererService } from './renderer/renderer.service';

export interface DrawnImage {
  bytes: Uint8Array;
  /** The image fetches' warnings, then the drawing's. */
  warnings: RenderWarning[];
  /** A font the worker lacked and got no bytes for: the image is right, but is not to be cached. */
  fontsMissing: boolean;
  /** Set when the render thread stored the image itself (`storeAt`): its size; `bytes` is then empty. */
  storedBytes?: number;
}

/**
 * The one way an image is made, shared by renders, batches and previews: plan (the owner's fonts, overrides, cache
 * key), then within a budget fetch the images the layers name and draw them in the pool. What comes around it
 * (cache, single flight, billing, storage) is the caller's.
 */
@Injectable()
export class RenderPipeline {
  constructor(
    private readonly accountFonts: AccountFontsService,
    private readonly imageFetcher: LayerImageFetcher,
    private readonly renderer: RendererService,
  ) {}

  /** The owner's own fonts resolved (a deleted one warns and draws the default), then planned as planRender does. */
  async plan(ownerId: string, template: Template, request: RenderRequest, keySecret: Buffer): Promise<RenderPlan> {
    const fonts = await this.accountFonts.plan(ownerId, template.layers, request.layers);
    return planRender({ ...template, layers: fonts.layers }, request, keySecret, fonts);
  }

  /**
   * Fetches and draws `job` (at `output` when given) within `budget`; the account fonts' shipping state follows the
   * outcome. `ownerId` is the template's account: the only one whose assets (`asset:<id>`) the layers may draw.
   * `storeAt`: the render thread stores the image there itself (see DrawJob).
   */
  async draw(ownerId: string, job: RenderPlan['job'], budget: RenderBudget, output: DrawJob['output'] = job.output, storeAt?: LocalWrite): Promise<DrawnImage> {
    const fetched = await budget.race(this.imageFetcher.fetchAll(job.design.layers, ownerId, budget.signal));
    const drawn = await budget.race(this.renderer.draw({ ...job, output, images: fetched.images, storeAt }, budget.signal));
    if (drawn.fontsMissing) this.accountFonts.forgetLoaded(drawn.fontsMissing);
    else this.accountFonts.confirmLoaded(job.fonts ?? []);
    const warnings = [...fetched.warnings, ...drawn.warnings];
    return { bytes: drawn.bytes, warnings, fontsMissing: Boolean(drawn.fontsMissing), storedBytes: drawn.storedBytes };
  }
}
