import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { Clock } from '../common/clock/clock';
import { sha256Hex } from '../common/crypto/hashing';
import { ChangeFeed } from '../database/change-feed';
import { ChangeFeedCache } from '../database/change-feed-cache';
import { rawTimestamp } from '../database/columns';
import { newId, randomBase62 } from '../common/ids';
import { AccountsErrorCode, AccountsException } from './accounts.exception';
import { Account, PlanName } from './entities/account.entity';
import { ApiKey } from './entities/api-key.entity';

export interface AuthenticatedPrincipal {
  account: Account;
  apiKey: ApiKey;
}

// Writing last_used_at on every request would turn every read into a write.
const LAST_USED_RESOLUTION_MS = 60_000;
const KEY_PATTERN = /^sk_[0-9A-Za-z]{40}$/;

const AUTHENTICATE_SQL = `SELECT k.id AS key_id, k.name AS key_name, k.prefix, k.key_hash, k.created_at AS key_created_at,
  k.last_used_at, k.revoked_at, a.id, a.email, a.password_hash, a.plan, a.monthly_limit, a.per_minute_limit,
  a.webhook_secret_encrypted, a.url_signing_secret_encrypted, a.created_at
  FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?`;

interface AuthenticationRow {
  key_id: string;
  key_name: string;
  prefix: string;
  key_hash: string;
  key_created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
  id: string;
  email: string;
  password_hash: string | null;
  plan: PlanName;
  monthly_limit: number | null;
  per_minute_limit: number | null;
  webhook_secret_encrypted: string | null;
  url_signing_secret_encrypted: string | null;
  created_at: Date | string;
}

export const hashApiKey = sha256Hex;

@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger(ApiKeysService.name);
  private readonly principals: ChangeFeedCache<string, AuthenticatedPrincipal>;

  constructor(
    @InjectRepository(ApiKey) private readonly apiKeys: Repository<ApiKey>,
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
    private readonly clock: Clock,
    private readonly changes: ChangeFeed,
  ) {
    this.principals = new ChangeFeedCache(changes, 10_000);
  }

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
      await this.changes.changed();
    }
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
    const stored = await this.principals.getOrLoad(keyHash, () => this.load(keyHash));
    if (!stored || stored.apiKey.revokedAt) return null;
    this.touch(stored.apiKey);
    return { account: Object.assign(new Account(), stored.account), apiKey: Object.assign(new ApiKey(), stored.apiKey) };
  }

  private async load(keyHash: string): Promise<AuthenticatedPrincipal | null> {
    const [row] = (await this.apiKeys.query(AUTHENTICATE_SQL, [keyHash])) as AuthenticationRow[];
    if (!row) return null;
    const apiKey = Object.assign(new ApiKey(), {
      id: row.key_id,
      accountId: row.id,
      name: row.key_name,
      prefix: row.prefix,
      keyHash: row.key_hash,
      createdAt: rawTimestamp(row.key_created_at)!,
      lastUsedAt: rawTimestamp(row.last_used_at),
      revokedAt: rawTimestamp(row.revoked_at),
    });
    const account = Object.assign(new Account(), {
      id: row.id,
      email: row.email,
      passwordHash: row.password_hash,
      plan: row.plan,
      monthlyLimit: row.monthly_limit,
      perMinuteLimit: row.per_minute_limit,
      webhookSecretEncrypted: row.webhook_secret_encrypted,
      urlSigningSecretEncrypted: row.url_signing_secret_encrypted,
      createdAt: rawTimestamp(row.created_at)!,
    });
    return { account, apiKey };
  }

  /** `apiKey` is the remembered copy: recording the use there keeps this to one write a minute. */
  private touch(apiKey: ApiKey): void {
    const now = this.clock.now();
    if (apiKey.lastUsedAt && now.getTime() - apiKey.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
    apiKey.lastUsedAt = now;
    this.apiKeys
      .update({ id: apiKey.id }, { lastUsedAt: now })
      .catch((error: Error) => this.logger.warn(`Could not record key use: ${error.message}`));
  }
}
