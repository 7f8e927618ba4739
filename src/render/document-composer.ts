import { Injectable } from '@nestjs/common';
import { settle, unwrap } from '../common/async/settle';
import type { RenderWarning } from '../design/render-warning';
import { AccountFontsService } from '../fonts/account-fonts.service';
import { LayerImageFetcher } from './layer-image-fetcher';
import type { RenderBudget } from './render-budget';
import type { DrawnImage } from './render-pipeline';
import type { RenderPlan } from './render-plan';
import { RendererService } from './renderer/renderer.service';

/** A multi-page PDF: its bytes, and each page's warnings (fetches, then drawing) by page index. */
export interface ComposedDocument extends Omit<DrawnImage, 'warnings'> {
  pageWarnings: RenderWarning[][];
}

/**
 * Draws planned pages (RenderPipeline.plan with format `pdf`) into one PDF, in order, each at its own size, within
 * one budget. Memory stays that of about two pages whatever their number: the pages are drawn one at a time on one
 * worker thread into Skia's PDF document (a page's decoded images are released when it ends), and a page's images
 * are fetched while the page before it draws, never earlier. Used by POST /api/generate/document and by jobs whose
 * output is one PDF (§22).
 */
@Injectable()
export class DocumentComposer {
  constructor(
    private readonly accountFonts: AccountFontsService,
    private readonly imageFetcher: LayerImageFetcher,
    private readonly renderer: RendererService,
  ) {}

  /** `ownerId`: the templates' account, the only one whose assets (`asset:<id>`) the pages may draw. */
  async compose(ownerId: string, pages: ReadonlyArray<RenderPlan['job']>, options: { archival: boolean; budget: RenderBudget }): Promise<ComposedDocument> {
    const { budget } = options;
    const fetchImages = (index: number) => settle(this.imageFetcher.fetchAll(pages[index].design.layers, ownerId, budget.signal));
    const drawing = this.renderer.openDocument(options.archival, budget.signal);
    const pageWarnings: RenderWarning[][] = [];
    let fontsMissing = false;
    try {
      let fetching = fetchImages(0);
      for (let index = 0; index < pages.length; index++) {
        const fetched = await budget.race(unwrap(fetching));
        if (index + 1 < pages.length) fetching = fetchImages(index + 1);
        const job = pages[index];
        const drawn = await budget.race(drawing.page({ ...job, images: fetched.images }));
        // As for one render (RenderPipeline.draw): a face the worker lacked is shipped again next time.
        if (drawn.fontsMissing) this.accountFonts.forgetLoaded(drawn.fontsMissing);
        else this.accountFonts.confirmLoaded(job.fonts ?? []);
        fontsMissing ||= Boolean(drawn.fontsMissing);
        pageWarnings.push([...fetched.warnings, ...drawn.warnings]);
      }
      return { bytes: await budget.race(drawing.close()), pageWarnings, fontsMissing };
    } catch (error) {
      drawing.abandon();
      throw error;
    }
  }
}
