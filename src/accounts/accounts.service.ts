import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { Clock } from '../common/clock/clock';
import { newId } from '../common/ids';
import { ChangeFeed } from '../database/change-feed';
import { ChangeFeedCache } from '../database/change-feed-cache';
import { AccountsErrorCode, AccountsException } from './accounts.exception';
import { AccountsRepository } from './accounts.repository';
import { Account, PLAN_NAMES, PlanName } from './entities/account.entity';
import { PasswordHasher } from './password-hasher';

export interface CustomLimits {
  monthly?: number | null;
  perMinute?: number | null;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;

@Injectable()
export class AccountsService {
  /** Rows read for rendering (job rows, public renders: one read each): remembered until the change feed reports a write. */
  private readonly remembered: ChangeFeedCache<string, Account>;

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly passwordHasher: PasswordHasher,
    private readonly clock: Clock,
    changes: ChangeFeed,
  ) {
    this.remembered = new ChangeFeedCache(changes, 10_000);
  }

  async create(input: { email: string; plan?: string; password?: string }): Promise<Account> {
    const email = input.email.trim().toLowerCase();
    // Length first: the pattern never runs on an oversized input.
    if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
      throw new AccountsException(AccountsErrorCode.INVALID_ARGUMENT, 'email must be a valid address');
    }
    const plan = this.checkPlan(input.plan ?? 'free');
    const account = Object.assign(new Account(), {
      id: newId('acc'),
      email,
      plan,
      passwordHash: input.password === undefined ? null : await this.hashPassword(input.password),
      monthlyLimit: null,
      perMinuteLimit: null,
      webhookSecretEncrypted: null,
      urlSigningSecretEncrypted: null,
      createdAt: this.clock.now(),
    });
    try {
      return await this.accounts.insert(account);
    } catch (error) {
      if (error instanceof QueryFailedError && /unique|duplicate/i.test(error.message)) {
        throw new AccountsException(AccountsErrorCode.EMAIL_TAKEN, 'An account with this email already exists');
      }
      throw error;
    }
  }

  async get(accountId: string): Promise<Account> {
    const account = await this.accounts.findById(accountId);
    if (!account) throw new AccountsException(AccountsErrorCode.ACCOUNT_NOT_FOUND, `No account ${accountId}`);
    return account;
  }

  /**
   * The account as a render reads it (plan, limits), from memory until any account write is announced: for
   * readers only (a copy; `get` reads the row fresh for a change about to be saved).
   */
  async current(accountId: string): Promise<Account> {
    const account = await this.remembered.getOrLoad(accountId, () => this.accounts.findById(accountId));
    if (!account) throw new AccountsException(AccountsErrorCode.ACCOUNT_NOT_FOUND, `No account ${accountId}`);
    return Object.assign(new Account(), account);
  }

  findByEmail(email: string): Promise<Account | null> {
    return this.accounts.findByEmail(email.trim().toLowerCase());
  }

  async setPlan(accountId: string, plan: string): Promise<Account> {
    const account = await this.get(accountId);
    account.plan = this.checkPlan(plan);
    return this.saveChange(account);
  }

  async setLimits(accountId: string, limits: CustomLimits | 'clear'): Promise<Account> {
    const account = await this.get(accountId);
    if (limits === 'clear') {
      account.monthlyLimit = null;
      account.perMinuteLimit = null;
    } else {
      for (const value of [limits.monthly, limits.perMinute]) {
        if (value != null && (!Number.isInteger(value) || value < 0)) {
          throw new AccountsException(AccountsErrorCode.INVALID_ARGUMENT, 'limits must be whole numbers ≥ 0');
        }
      }
      if (limits.monthly !== undefined) account.monthlyLimit = limits.monthly;
      if (limits.perMinute !== undefined) account.perMinuteLimit = limits.perMinute;
    }
    return this.saveChange(account);
  }

  async setPassword(accountId: string, password: string): Promise<Account> {
    const account = await this.get(accountId);
    account.passwordHash = await this.hashPassword(password);
    return this.saveChange(account);
  }

  /** The repository announces it: every instance stops serving the old row. */
  private saveChange(account: Account): Promise<Account> {
    return this.accounts.save(account);
  }

  private hashPassword(password: string): Promise<string> {
    if (password.length < MIN_PASSWORD_LENGTH || password.length > 200) {
      throw new AccountsException(AccountsErrorCode.INVALID_ARGUMENT, `password must be ${MIN_PASSWORD_LENGTH}–200 characters`);
    }
    return this.passwordHasher.hash(password);
  }

  private checkPlan(plan: string): PlanName {
    if (!(PLAN_NAMES as readonly string[]).includes(plan)) {
      throw new AccountsException(AccountsErrorCode.INVALID_ARGUMENT, `plan must be one of ${PLAN_NAMES.join(', ')}`);
    }
    return plan as PlanName;
  }
}
