import { Controller, HttpCode, Post } from '@nestjs/common';
import { CurrentAccount } from '../accounts/auth/current-account.decorator';
import type { Account } from '../accounts/entities/account.entity';
import { NoBody } from '../common/http/route-flags';
import { SettingsService } from './settings.service';

@Controller('api/settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** Spec 4.2: first call creates, every later call rotates; the secret is only ever in this answer. */
  @Post('webhook-secret')
  @NoBody()
  @HttpCode(200)
  async webhookSecret(@CurrentAccount() account: Account) {
    return { success: true, webhookSecret: await this.settings.rotateWebhookSecret(account) };
  }

  @Post('url-signing-secret')
  @NoBody()
  @HttpCode(200)
  async urlSigningSecret(@CurrentAccount() account: Account) {
    return { success: true, urlSigningSecret: await this.settings.rotateUrlSigningSecret(account) };
  }
}
