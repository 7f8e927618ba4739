import { Injectable } from '@nestjs/common';
import { AppException } from '../common/errors/app-exception';
import { FONT_FAMILIES } from '../fonts/font-catalog';
import { FontsService } from '../fonts/fonts.service';
import { AccountPagesService } from './account-pages.service';
import type { DashboardRequest, PageResult } from './dashboard.service';
import type { FontUploadForm } from './font-upload-form';
import { fontsPage } from './views/fonts-page';

const FONTS_PAGE = '/app/fonts';

/**
 * `/app/fonts` (§24): the account's uploaded fonts beside the built-in families, with upload and delete. Uploads go
 * through the fonts module's own service, so a bad font gets the API's message (as a flash) and nothing is kept.
 */
@Injectable()
export class FontPagesService {
  constructor(
    private readonly pages: AccountPagesService,
    private readonly fonts: FontsService,
  ) {}

  list(request: DashboardRequest): Promise<PageResult> {
    return this.pages.render(request, 'fonts', async (shell, active) =>
      fontsPage(shell, {
        builtin: FONT_FAMILIES.filter((font) => font.selectable),
        uploaded: await this.fonts.facesOf(active.account.id),
      }),
    );
  }

  upload(request: DashboardRequest, form: FontUploadForm): Promise<PageResult> {
    return this.pages.mutate({ ...request, body: { _csrf: form.csrf ?? '' } }, FONTS_PAGE, async (active) => {
      if (form.upload instanceof AppException) throw form.upload;
      const before = new Set((await this.fonts.facesOf(active.account.id)).map((face) => face.id));
      const face = await this.fonts.upload(active.account.id, form.upload);
      const what = `${face.family} ${face.weight}${face.style === 'italic' ? ' italic' : ''}`;
      return { notice: before.has(face.id) ? `Replaced ${what}: templates that use it draw the new file.` : `Uploaded ${what}.` };
    });
  }

  remove(request: DashboardRequest, id: string): Promise<PageResult> {
    return this.pages.mutate(request, FONTS_PAGE, async (active) => {
      const face = (await this.fonts.facesOf(active.account.id)).find((candidate) => candidate.id === id);
      await this.fonts.remove(active.account.id, id);
      return {
        notice: `Deleted ${face ? `${face.family} ${face.weight}${face.style === 'italic' ? ' italic' : ''}` : 'the font'}: text in it now draws in the default family.`,
      };
    });
  }
}
