import { Injectable } from '@nestjs/common';
import { AccountsErrorCode, AccountsException } from '../accounts/accounts.exception';
import { SessionAuthenticator } from '../accounts/auth/session-authenticator';
import { AppException } from '../common/errors/app-exception';
import { parseOrThrow } from '../common/validation/zod-validation.pipe';
import { OUTPUT_FORMATS } from '../design/output-formats';
import { CsvInspectionService } from '../jobs/csv-inspection.service';
import { JobsService } from '../jobs/jobs.service';
import { previewRequestSchema } from '../preview/dto/preview-request.schema';
import { PreviewService } from '../preview/preview.service';
import { TemplatesService } from '../templates/templates.service';
import { AccountPagesService } from './account-pages.service';
import type { DashboardRequest, PageResult } from './dashboard.service';
import { bulkCreatePage } from './views/bulk-create-page';
import { jobsPage } from './views/jobs-page';

/** Width of the Bulk create previews (drawn by the preview, its limit applies; never billed). */
const PREVIEW_WIDTH = 360;
/** Formats Bulk create offers: the raster ones (a job's rows are images). */
const BULK_FORMATS = (Object.keys(OUTPUT_FORMATS) as Array<keyof typeof OUTPUT_FORMATS>).filter((format) => format !== 'pdf' && format !== 'svg');

export interface BulkCheck {
  total: number;
  columns: Array<{ name: string; layer: string; field: string; matched: boolean; problem: string | null }>;
  previews: Array<{ index: number; image: string | null; error: string | null }>;
}

/** /app/jobs (the account's jobs, moving) and a template's Bulk create (a CSV checked, previewed, started). */
@Injectable()
export class JobPagesService {
  constructor(
    private readonly pages: AccountPagesService,
    private readonly sessions: SessionAuthenticator,
    private readonly jobs: JobsService,
    private readonly inspections: CsvInspectionService,
    private readonly templates: TemplatesService,
    private readonly previews: PreviewService,
  ) {}

  list(request: DashboardRequest): Promise<PageResult> {
    return this.pages.render(request, 'jobs', async (shell, active) => {
      const [page, templates] = await Promise.all([this.jobs.list(active.account, { limit: 50 }), this.templates.list(active.account.id)]);
      return jobsPage(shell, { jobs: page.data, templateNames: new Map(templates.map((template) => [template.id, template.name])) });
    });
  }

  bulk(request: DashboardRequest, templateId: string): Promise<PageResult> {
    return this.pages.render(request, 'templates', async (shell, active) => {
      const template = await this.templates.getOwned(active.account.id, templateId);
      return bulkCreatePage(shell, { template: { id: template.id, name: template.name }, layers: this.inspections.layersOf(template), formats: BULK_FORMATS });
    });
  }

  /** The CSV's columns against the template, and its first rows drawn; the session and its CSRF header, as the API takes them. */
  async check(sessionToken: string | undefined, csrfToken: string | undefined, templateId: string, csv: Buffer): Promise<BulkCheck> {
    const account = sessionToken ? await this.sessions.authenticate(sessionToken, csrfToken) : null;
    if (!account) throw new AccountsException(AccountsErrorCode.UNAUTHORIZED, 'Session expired or CSRF token missing; reload the page');
    const inspection = await this.inspections.inspect(account.id, templateId, csv);
    const { name, width, height, background, publicRender, layers } = inspection.template;
    const design = { name, width, height, background, publicRender, layers };
    const previews: BulkCheck['previews'] = [];
    // One at a time: three small drawings, each counted against the preview limit like the studio's.
    for (const [index, row] of inspection.firstRows.entries()) {
      try {
        const request = parseOrThrow(previewRequestSchema, {
          template: design,
          layers: row,
          width: Math.min(PREVIEW_WIDTH, width),
          format: 'webp',
          quality: 80,
        });
        const image = await this.previews.preview(account, request);
        previews.push({ index, image: `data:${image.contentType};base64,${image.bytes.toString('base64')}`, error: null });
      } catch (error) {
        if (!(error instanceof AppException) || error.status >= 500) throw error;
        previews.push({ index, image: null, error: error.message });
      }
    }
    return { total: inspection.total, columns: inspection.columns, previews };
  }
}
