import { assetsRouteDocs } from '../assets/assets.openapi';
import { billingRouteDocs } from '../billing/billing.openapi';
import { fontsRouteDocs } from '../fonts/fonts.openapi';
import { healthRouteDocs } from '../health/health.openapi';
import { metricsRouteDocs } from '../metrics/metrics.openapi';
import { previewRouteDocs } from '../preview/preview.openapi';
import { documentRouteDocs } from '../render/document.openapi';
import { renderRouteDocs } from '../render/render.openapi';
import { settingsRouteDocs } from '../settings/settings.openapi';
import { jobsRouteDocs } from '../jobs/jobs.openapi';
import { editorSessionsRouteDocs } from '../editor-sessions/editor-sessions.openapi';
import { imagesRouteDocs } from '../storage/images.openapi';
import { templatesRouteDocs } from '../templates/templates.openapi';
import { webhooksRouteDocs } from '../webhooks/webhooks.openapi';
import { openApiRouteDocs } from './openapi.openapi';
import type { RouteDoc } from '../common/openapi/route-doc';
import { withIdempotency } from '../idempotency/idempotency.openapi';

/** The routes that create or bill, which take `Idempotency-Key` (§22). */
const IDEMPOTENT = new Set(['post /api/generate', 'post /api/generate/batch', 'post /api/generate/document', 'post /api/hooks/render', 'post /api/jobs']);

/**
 * Every documented route, one list per module (`src/<module>/<module>.openapi.ts`). A route that the
 * app serves but no list documents fails test/openapi.e2e-spec.ts; see docs/contributing.md, "Documenting a route".
 */
export const ROUTE_DOCS: readonly RouteDoc[] = [
  ...templatesRouteDocs,
  ...previewRouteDocs,
  ...renderRouteDocs,
  ...documentRouteDocs,
  ...webhooksRouteDocs,
  ...jobsRouteDocs,
  ...editorSessionsRouteDocs,
  ...imagesRouteDocs,
  ...billingRouteDocs,
  ...settingsRouteDocs,
  ...fontsRouteDocs,
  ...assetsRouteDocs,
  ...openApiRouteDocs,
  ...healthRouteDocs,
  ...metricsRouteDocs,
].map((route) => (IDEMPOTENT.has(`${route.method} ${route.path}`) ? withIdempotency(route) : route));
