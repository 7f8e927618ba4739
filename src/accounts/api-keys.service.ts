import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { sha256Hex } from '../common/crypto/hashing';
import { ChangeFeed } from '../database/change-feed';
import { ChangeFeedCache } from '../database/change-feed-cache';
import { newId, randomBase62 } from '../common/ids';
import { AccountsErrorCode, AccountsException } from './accounts.exception';
import { AccountsRepository } from './accounts.repository';
import { ApiKeysRepository } from './api-keys.repository';
import { Account } from './entities/account.entity';
import { ApiKey } from './entities/api-key.entity';

export interface AuthenticatedPrincipal {
  account: Account;
  apiKey: ApiKey;
}

// Writing last_used_at on every request would turn every read into a write.
const LAST_USED_RESOLUTION_MS = 60_000;
const KEY_PATTERN = /^sk_[0-9A-Za-z]{40}$/;

export const hashApiKey = sha256Hex;

@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger(ApiKeysService.name);
  private readonly principals: ChangeFeedCache<string, AuthenticatedPrincipal>;

  constructor(
    private readonly apiKeys: ApiKeysRepository,
    private readonly accounts: AccountsRepository,
    private readonly clock: Clock,
    changes: ChangeFeed,
  ) {
    this.principals = new ChangeFeedCache(changes, 10_000);
  }

  /** Creates a key; the plain key is returned here once and never stored. */
  async create(accountId: string, name = 'Default'): Promise<{ apiKey: ApiKey; plainKey: string }> {
    if (!(await this.accounts.exists(accountId))) {
      throw new AccountsException(AccountsErrorCode.ACCOUNT_NOT_FOUND, `No account ${accountId}`);
    }
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 100) {
      throw new AccountsException(AccountsErrorCode.INVALID_ARGUMENT, 'name must be 1–100 characters');
    }
    const plainKey = `sk_${randomBase62(40)}`;
    const apiKey = await this.apiKeys.insert(
      Object.assign(new ApiKey(), {
        id: newId('key'),
        accountId,
        name: trimmed,
        prefix: plainKey.slice(0, 8),
        keyHash: hashApiKey(plainKey),
        createdAt: this.clock.now(),
        lastUsedAt: null,
        revokedAt: null,
      }),
    );
    return { apiKey, plainKey };
  }

  list(accountId: string): Promise<ApiKey[]> {
    return this.apiKeys.listActive(accountId);
  }

  /** Revokes a key; with accountId, only the owner's key can be revoked. */
  async revoke(keyId: string, accountId?: string): Promise<ApiKey> {
    const apiKey = await this.apiKeys.findById(keyId, accountId);
    if (!apiKey) throw new AccountsException(AccountsErrorCode.API_KEY_NOT_FOUND, `No API key ${keyId}`);
    if (!apiKey.revokedAt) await this.apiKeys.revoke(apiKey, this.clock.now());
    return apiKey;
  }

  /**
   * Resolves a bearer token to its account, or null for anything unknown, malformed or revoked.
   * Every authenticated request runs this: the join is remembered per key hash until the change
   * feed reports a write (a revocation, a plan or secret change) from any process or instance.
   * Each caller gets its own copies, so nothing it sets leaks into the next request.
   */
  async authenticate(plainKey: string): Promise<AuthenticatedPrincipal | null> {
    if (!KEY_PATTERN.test(plainKey)) return null;
    const keyHash = hashApiKey(plainKey);
    const stored = await this.principals.getOrLoad(keyHash, () => this.apiKeys.findWithAccount(keyHash));
    if (!stored || stored.apiKey.revokedAt) return null;
    this.touch(stored.apiKey);
    return { account: Object.assign(new Account(), stored.account), apiKey: Object.assign(new ApiKey(), stored.apiKey) };
  }

  /** `apiKey` is the remembered copy: recording the use there keeps this to one write a minute. */
  private touch(apiKey: ApiKey): void {
    const now = this.clock.now();
    if (apiKey.lastUsedAt && now.getTime() - apiKey.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
    apiKey.lastUsedAt = now;
    this.apiKeys
      .recordUse(apiKey.id, now)
      .catch((error: Error) => this.logger.warn(`Could not record key use: ${error.message}`));
  }
}
