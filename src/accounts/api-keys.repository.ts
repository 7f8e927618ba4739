import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { ChangeFeed } from '../database/change-feed';
import { rawTimestamp } from '../database/columns';
import { Account, PlanName } from './entities/account.entity';
import { ApiKey } from './entities/api-key.entity';

export interface KeyWithAccount {
  account: Account;
  apiKey: ApiKey;
}

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

/** Owning repository of `api_keys` (and the key-with-account join every authenticated request reads). */
@Injectable()
export class ApiKeysRepository {
  constructor(
    @InjectRepository(ApiKey) private readonly apiKeys: Repository<ApiKey>,
    private readonly changes: ChangeFeed,
  ) {}

  insert(apiKey: ApiKey): Promise<ApiKey> {
    return this.apiKeys.save(this.apiKeys.create(apiKey));
  }

  listActive(accountId: string): Promise<ApiKey[]> {
    return this.apiKeys.find({ where: { accountId, revokedAt: IsNull() }, order: { createdAt: 'DESC' } });
  }

  /** With accountId, only that account's key. */
  findById(keyId: string, accountId?: string): Promise<ApiKey | null> {
    return this.apiKeys.findOneBy({ id: keyId, ...(accountId ? { accountId } : {}) });
  }

  /** Announced: every instance stops accepting the key from its next request. */
  async revoke(apiKey: ApiKey, at: Date): Promise<void> {
    apiKey.revokedAt = at;
    await this.apiKeys.save(apiKey);
    await this.changes.changed();
  }

  /** Not announced: the last use is informational and remembered rows may lag it. */
  async recordUse(keyId: string, at: Date): Promise<void> {
    await this.apiKeys.update({ id: keyId }, { lastUsedAt: at });
  }

  /** Plain SQL (hot path): the key and its account in one join. */
  async findWithAccount(keyHash: string): Promise<KeyWithAccount | null> {
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
}
