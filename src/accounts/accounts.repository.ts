import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ChangeFeed } from '../database/change-feed';
import { Account } from './entities/account.entity';

/** The two encrypted per-account secrets. */
export type AccountSecretColumn = 'webhookSecretEncrypted' | 'urlSigningSecretEncrypted';

/**
 * Owning repository of `accounts`. Authenticated requests carry the account row, remembered per
 * instance: every write to an existing account announces itself on the change feed before
 * returning, so no write path (CLI, dashboard, settings) can leave another instance serving the old row.
 */
@Injectable()
export class AccountsRepository {
  constructor(
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
    private readonly changes: ChangeFeed,
  ) {}

  /** A new id is remembered nowhere yet. Throws the driver's unique-violation error for a taken email. */
  insert(account: Account): Promise<Account> {
    return this.accounts.save(this.accounts.create(account));
  }

  findById(id: string): Promise<Account | null> {
    return this.accounts.findOneBy({ id });
  }

  findByEmail(email: string): Promise<Account | null> {
    return this.accounts.findOneBy({ email });
  }

  exists(id: string): Promise<boolean> {
    return this.accounts.existsBy({ id });
  }

  /** Plan, limits, password: the whole row. */
  async save(account: Account): Promise<Account> {
    const saved = await this.accounts.save(account);
    await this.changes.changed();
    return saved;
  }

  async setSecret(accountId: string, column: AccountSecretColumn, encrypted: string): Promise<void> {
    await this.accounts.update({ id: accountId }, { [column]: encrypted });
    await this.changes.changed();
  }

  /** Read fresh (not the remembered row), so a rotation takes effect for the very next use. */
  async readSecret(accountId: string, column: AccountSecretColumn): Promise<string | null> {
    const account = await this.accounts.findOne({ where: { id: accountId }, select: { id: true, [column]: true } });
    return account?.[column] ?? null;
  }
}
