import { Injectable } from '@nestjs/common';
import { ApiKeysService } from '../accounts/api-keys.service';
import { BillingService } from '../billing/billing.service';
import { AppException } from '../common/errors/app-exception';
import { SettingsService } from '../settings/settings.service';
import { WebhookDeliveryService } from '../webhooks/webhook-delivery.service';
import type { DashboardRequest, PageResult } from './dashboard.service';
import { Flash, FlashCodec } from './flash';
import { ActiveSession, SessionsService } from './sessions.service';
import { NavSection, ShellModel } from './views/app-shell';
import { deliveriesPage } from './views/deliveries-page';
import { keysPage } from './views/keys-page';
import { usagePage } from './views/usage-page';

export const TO_LOGIN: PageResult = { status: 303, redirect: '/app/login' };

/**
 * The signed-in pages. Every GET renders (showing and clearing a one-time flash); every form is
 * Post/Redirect/Get: it checks session and CSRF, changes, and redirects with a flash.
 */
@Injectable()
export class AccountPagesService {
  constructor(
    private readonly sessions: SessionsService,
    private readonly flashes: FlashCodec,
    private readonly apiKeys: ApiKeysService,
    private readonly settings: SettingsService,
    private readonly billing: BillingService,
    private readonly deliveries: WebhookDeliveryService,
  ) {}

  keys(request: DashboardRequest): Promise<PageResult> {
    return this.render(request, 'keys', async (shell, active) =>
      keysPage(shell, {
        apiKeys: await this.apiKeys.list(active.account.id),
        hasWebhookSecret: SettingsService.hasWebhookSecret(active.account),
        hasUrlSigningSecret: SettingsService.hasUrlSigningSecret(active.account),
      }),
    );
  }

  usage(request: DashboardRequest): Promise<PageResult> {
    return this.render(request, 'usage', async (shell, active) => {
      const usage = await this.billing.usage(active.account);
      return usagePage(shell, { plan: usage.plan, used: usage.quota.used, limit: usage.quota.limit, periodEnd: usage.period.end.slice(0, 10) });
    });
  }

  deliveryLog(request: DashboardRequest): Promise<PageResult> {
    return this.render(request, 'deliveries', async (shell, active) =>
      deliveriesPage(shell, { deliveries: (await this.deliveries.list(active.account.id)).slice(0, 50) }),
    );
  }

  createKey(request: DashboardRequest): Promise<PageResult> {
    return this.mutate(request, '/app', async (active) => {
      const { plainKey, apiKey } = await this.apiKeys.create(active.account.id, request.body?.name ?? '');
      return { revealed: { label: `API key “${apiKey.name}”`, value: plainKey } };
    });
  }

  revokeKey(request: DashboardRequest, keyId: string): Promise<PageResult> {
    return this.mutate(request, '/app', async (active) => {
      const apiKey = await this.apiKeys.revoke(keyId, active.account.id);
      return { notice: `Key “${apiKey.name}” was revoked; requests using it now fail.` };
    });
  }

  rotateWebhookSecret(request: DashboardRequest): Promise<PageResult> {
    return this.mutate(request, '/app', async (active) => {
      const existed = SettingsService.hasWebhookSecret(active.account);
      const value = await this.settings.rotateWebhookSecret(active.account);
      return { revealed: { label: 'Webhook secret', value, warning: existed ? 'The previous webhook secret stopped working just now.' : undefined } };
    });
  }

  rotateUrlSigningSecret(request: DashboardRequest): Promise<PageResult> {
    return this.mutate(request, '/app', async (active) => {
      const existed = SettingsService.hasUrlSigningSecret(active.account);
      const value = await this.settings.rotateUrlSigningSecret(active.account);
      return {
        revealed: { label: 'URL-signing secret', value, warning: existed ? 'URLs signed with the previous secret stopped working just now.' : undefined },
      };
    });
  }

  /** A GET page: the session's shell (with the flash, which is then cleared) around the page's body. */
  async render(request: DashboardRequest, section: NavSection, body: (shell: ShellModel, active: ActiveSession) => Promise<string>): Promise<PageResult> {
    const active = await this.sessions.resolve(request.sessionToken);
    if (!active) return TO_LOGIN;
    const flash = this.flashes.decode(request.flash, active.session.csrfToken);
    const shell: ShellModel = { email: active.account.email, csrfToken: active.session.csrfToken, active: section, flash };
    return { status: 200, html: await body(shell, active), ...(request.flash ? { flash: null } : {}) };
  }

  /** Session and CSRF first, then the change; the answer is a 303 to `target` with a one-time flash. */
  async mutate(request: DashboardRequest, target: string, change: (active: ActiveSession) => Promise<Flash>): Promise<PageResult> {
    const active = await this.sessions.resolve(request.sessionToken);
    if (!active) return TO_LOGIN;
    this.sessions.assertCsrf(active, request.body?._csrf);
    let flash: Flash;
    try {
      flash = await change(active);
    } catch (error) {
      // A refused change (unknown key, bad name…) is told on the next page; a server fault stays a 500.
      if (!(error instanceof AppException) || error.status >= 500) throw error;
      flash = { notice: error.message };
    }
    return { status: 303, redirect: target, flash: this.flashes.encode(flash, active.session.csrfToken) };
  }
}
