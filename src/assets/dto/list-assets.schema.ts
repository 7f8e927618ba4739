import { cursorPageQuerySchema, type CursorPageQuery } from '../../common/validation/cursor-page-query.schema';

/** GET /api/assets: pages as GET /api/jobs does. */
export const listAssetsQuerySchema = cursorPageQuerySchema;
export type ListAssetsQuery = CursorPageQuery;
