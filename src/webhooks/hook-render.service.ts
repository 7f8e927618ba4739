import { Injectable } from '@nestjs/common';
import type { Account } from '../accounts/entities/account.entity';
import { CheckedTarget, OutboundTargetService } from '../network/outbound-target.service';
import { TargetRejectedError } from '../network/target-rejected.error';
import type { HookRenderRequest } from '../render/dto/render-request.schema';
import { RenderOutcome, RenderService } from '../render/render.service';
import { SettingsService } from '../settings/settings.service';
import type { PendingDelivery } from './pending-delivery';
import { WebhooksErrorCode, WebhooksException } from './webhooks.exception';

export interface HookRenderResult {
  outcome: RenderOutcome;
  delivery: PendingDelivery | null;
}

/**
 * POST /api/hooks/render: the same render as /api/generate, after the webhook checks in the
 * contract's order (URL syntax, address, secret) so a refused request does no render work.
 */
@Injectable()
export class HookRenderService {
  constructor(
    private readonly targets: OutboundTargetService,
    private readonly settings: SettingsService,
    private readonly renders: RenderService,
  ) {}

  async render(account: Account, request: HookRenderRequest): Promise<HookRenderResult> {
    const { webhookUrl, ...renderRequest } = request;
    const target = webhookUrl !== undefined && webhookUrl !== null ? await this.checkWebhook(account, webhookUrl) : null;
    const outcome = await this.renders.renderOwned(account, renderRequest);
    const delivery = target ? { accountId: account.id, target, payload: outcome.json, imageUrl: outcome.response.imageUrl } : null;
    return { outcome, delivery };
  }

  /** §9's checks of a `webhookUrl` (syntax, address, then the account has a secret); jobs (§22) use them too. */
  async checkWebhook(account: Account, webhookUrl: string): Promise<CheckedTarget> {
    const target = await this.checkTarget(webhookUrl);
    if (!SettingsService.hasWebhookSecret(account)) {
      throw new WebhooksException(
        WebhooksErrorCode.WEBHOOK_SECRET_MISSING,
        'Generate a webhook secret (POST /api/settings/webhook-secret) before using webhookUrl',
      );
    }
    return target;
  }

  /** Syntax and address only: a job's completion re-checks its stored URL just before delivering. */
  async checkTarget(webhookUrl: string): Promise<CheckedTarget> {
    try {
      return await this.targets.check(webhookUrl);
    } catch (error) {
      if (!(error instanceof TargetRejectedError)) throw error;
      const code = error.kind === 'invalid' ? WebhooksErrorCode.WEBHOOK_URL_INVALID : WebhooksErrorCode.WEBHOOK_URL_FORBIDDEN;
      throw new WebhooksException(code, `webhookUrl ${error.message}`);
    }
  }
}
