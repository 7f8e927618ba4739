import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import { Clock } from '../common/clock/clock';
import { newId, randomBase62 } from '../common/ids';
import { AccountsErrorCode, AccountsException } from './accounts.exception';
import { Account } from './entities/account.entity';
import { ApiKey } from './entities/api-key.entity';

export interface AuthenticatedPrincipal {
  account: Account;
  apiKey: ApiKey;
}

// Writing last_used_at on every request would turn every read into a write.
const LAST_USED_RESOLUTION_MS = 60_000;
const KEY_PATTERN = /^sk_[0-9A-Za-z]{40}$/;

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger(ApiKeysService.name);

  constructor(
    @InjectRepository(ApiKey) private readonly apiKeys: Repository<ApiKey>,
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
    private readonly clock: Clock,
  ) {}

  /** Creates a key; the plain key is returned here once and never stored. */
  async create(accountId: string, name = 'Default'): Promise<{ apiKey: ApiKey; plainKey: string }> {
    if (!(await this.accounts.existsBy({ id: accountId }))) {
      throw new AccountsException(AccountsErrorCode.ACCOUNT_NOT_FOUND, `No account ${accountId}`);
    }
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 100) {
      throw new AccountsException(AccountsErrorCode.INVALID_ARGUMENT, 'name must be 1–100 characters');
    }
    const plainKey = `sk_${randomBase62(40)}`;
    const apiKey = await this.apiKeys.save(
      this.apiKeys.create({
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
    return this.apiKeys.find({ where: { accountId, revokedAt: IsNull() }, order: { createdAt: 'DESC' } });
  }

  /** Revokes a key; with accountId, only the owner's key can be revoked. */
  async revoke(keyId: string, accountId?: string): Promise<ApiKey> {
    const apiKey = await this.apiKeys.findOneBy({ id: keyId, ...(accountId ? { accountId } : {}) });
    if (!apiKey) throw new AccountsException(AccountsErrorCode.API_KEY_NOT_FOUND, `No API key ${keyId}`);
    if (!apiKey.revokedAt) {
      apiKey.revokedAt = this.clock.now();
      await this.apiKeys.save(apiKey);
    }
    return apiKey;
  }

  /** Resolves a bearer token to its account, or null for anything unknown, malformed or revoked. */
  async authenticate(plainKey: string): Promise<AuthenticatedPrincipal | null> {
    if (!KEY_PATTERN.test(plainKey)) return null;
    const apiKey = await this.apiKeys.findOneBy({ keyHash: hashApiKey(plainKey) });
    if (!apiKey || apiKey.revokedAt) return null;
    const account = await this.accounts.findOneBy({ id: apiKey.accountId });
    if (!account) return null;
    this.touch(apiKey);
    return { account, apiKey };
  }

  private touch(apiKey: ApiKey): void {
    const now = this.clock.now();
    if (apiKey.lastUsedAt && now.getTime() - apiKey.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
    apiKey.lastUsedAt = now;
    this.apiKeys
      .update({ id: apiKey.id }, { lastUsedAt: now })
      .catch((error: Error) => this.logger.warn(`Could not record key use: ${error.message}`));
  }
}
