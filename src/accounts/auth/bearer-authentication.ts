import { AccountsErrorCode, AccountsException } from '../accounts.exception';
import type { ApiKeysService, AuthenticatedPrincipal } from '../api-keys.service';

/** `Authorization: Bearer sk_…` to its principal; a 401 AccountsException otherwise. */
export async function authenticateBearer(apiKeys: ApiKeysService, authorization: string | undefined): Promise<AuthenticatedPrincipal> {
  const match = /^Bearer ([^\s]+)$/i.exec(authorization ?? '');
  if (!match) throw new AccountsException(AccountsErrorCode.UNAUTHORIZED, 'Missing or malformed Authorization: Bearer <API key> header');
  const principal = await apiKeys.authenticate(match[1]);
  if (!principal) throw new AccountsException(AccountsErrorCode.UNAUTHORIZED, 'Unknown or revoked API key');
  return principal;
}
