import { CommonErrorCode, CommonException } from '../common/errors/app-exception';

/** §14's 400 for font families a layer may not name (on a template's save, or in a render's overrides): one detail per place. */
export function unknownFontFamilies(named: ReadonlyArray<{ path: string; family: string }>): CommonException {
  const details = named.map(({ path, family }) => ({ path, message: `unknown font family "${family}" (see GET /api/fonts)` }));
  return new CommonException(CommonErrorCode.VALIDATION_FAILED, details.map((detail) => `${detail.path}: ${detail.message}`).join('; '), { details });
}
