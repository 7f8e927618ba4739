import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AccountSecretColumn as SecretColumn, AccountsRepository } from '../accounts/accounts.repository';
import type { Account } from '../accounts/entities/account.entity';
import { SecretCipher } from '../common/crypto/secret-cipher';

/**
 * Per-account secrets: generated here, stored only encrypted, shown once. Rotation replaces the
 * stored value in one UPDATE, so the previous secret stops working at once (no overlap).
 */
@Injectable()
export class SettingsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly cipher: SecretCipher,
  ) {}

  rotateWebhookSecret(account: Account): Promise<string> {
    return this.rotate(account, 'webhookSecretEncrypted', 'whsec_');
  }

  rotateUrlSigningSecret(account: Account): Promise<string> {
    return this.rotate(account, 'urlSigningSecretEncrypted', 'ussec_');
  }

  /** Whether a secret exists: the authenticated account row already says so (no query, no decryption). */
  static hasWebhookSecret(account: Account): boolean {
    return account.webhookSecretEncrypted !== null;
  }

  static hasUrlSigningSecret(account: Account): boolean {
    return account.urlSigningSecretEncrypted !== null;
  }

  /** The current secret, read fresh so a rotation takes effect for the very next use. */
  currentWebhookSecret(accountId: string): Promise<string | null> {
    return this.current(accountId, 'webhookSecretEncrypted');
  }

  currentUrlSigningSecret(accountId: string): Promise<string | null> {
    return this.current(accountId, 'urlSigningSecretEncrypted');
  }

  /** Also updates the given entity, so the rest of this request sees the new state. */
  private async rotate(account: Account, column: SecretColumn, prefix: string): Promise<string> {
    const secret = prefix + randomBytes(32).toString('base64');
    const encrypted = this.cipher.encrypt(secret);
    await this.accounts.setSecret(account.id, column, encrypted);
    account[column] = encrypted;
    return secret;
  }

  private async current(accountId: string, column: SecretColumn): Promise<string | null> {
    const stored = await this.accounts.readSecret(accountId, column);
    return stored ? this.cipher.decrypt(stored) : null;
  }
}
