import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { AccountsException } from '../accounts/accounts.exception';
import { AccountsService } from '../accounts/accounts.service';
import { ApiKeysService } from '../accounts/api-keys.service';
import { PasswordHasher } from '../accounts/password-hasher';
import { BillingService } from '../billing/billing.service';
import { RateLimitStore } from '../billing/rate-limit/rate-limit-store';
import { Clock } from '../common/clock/clock';
import { SettingsService } from '../settings/settings.service';
import { WebhookDeliveryService } from '../webhooks/webhook-delivery.service';
import { constantTimeEqual } from '../common/crypto/hashing';
import { ActiveSession, SessionsService } from './sessions.service';
import { authPage } from './views/auth-page';
import { RevealedSecret, settingsPage } from './views/settings-page';

/** What a dashboard handler answers: a page, or a redirect, with cookie changes. */
export interface PageResult {
  status: number;
  html?: string;
  redirect?: string;
  /** A new session token to set, or null to clear the session cookie. */
  session?: string | null;
  /** Pre-session CSRF token (double-submit cookie) for the sign-in and sign-up forms. */
  formToken?: string;
}

export interface DashboardRequest {
  sessionToken?: string;
  formToken?: string;
  ip: string;
  body?: Record<string, string>;
}

const LOGIN_WINDOW_MS = 15 * 60_000;
const LOGIN_ATTEMPTS_PER_EMAIL = 10;
const LOGIN_ATTEMPTS_PER_ADDRESS = 50;
const TO_LOGIN: PageResult = { status: 303, redirect: '/app/login' };

@Injectable()
export class DashboardService {
  constructor(
    private readonly sessions: SessionsService,
    private readonly accounts: AccountsService,
    private readonly apiKeys: ApiKeysService,
    private readonly passwords: PasswordHasher,
    private readonly settings: SettingsService,
    private readonly billing: BillingService,
    private readonly deliveries: WebhookDeliveryService,
    private readonly rateLimits: RateLimitStore,
    private readonly clock: Clock,
  ) {}

  async home(request: DashboardRequest): Promise<PageResult> {
    const active = await this.sessions.resolve(request.sessionToken);
    return active ? this.page(active) : TO_LOGIN;
  }

  authForm(mode: 'login' | 'signup'): PageResult {
    return this.authPageResult(mode, 200);
  }

  async signup(request: DashboardRequest): Promise<PageResult> {
    const { email = '', password = '' } = request.body ?? {};
    if (!this.formTokenValid(request)) return this.authError('signup', email, 'Your form expired; please try again.', 403);
    try {
      const account = await this.accounts.create({ email, password });
      return { status: 303, redirect: '/app', session: await this.sessions.start(account.id) };
    } catch (error) {
      if (error instanceof AccountsException) return this.authError('signup', email, error.message, error.status);
      throw error;
    }
  }

  async login(request: DashboardRequest): Promise<PageResult> {
    const { email = '', password = '' } = request.body ?? {};
    if (!this.formTokenValid(request)) return this.authError('login', email, 'Your form expired; please try again.', 403);
    const nowMs = this.clock.nowMs();
    const attempt = randomUUID();
    const [byEmail, byAddress] = await Promise.all([
      this.rateLimits.acquire(`login:${email.trim().toLowerCase()}`, attempt, LOGIN_ATTEMPTS_PER_EMAIL, LOGIN_WINDOW_MS, nowMs),
      this.rateLimits.acquire(`login-ip:${request.ip}`, attempt, LOGIN_ATTEMPTS_PER_ADDRESS, LOGIN_WINDOW_MS, nowMs),
    ]);
    if (!byEmail.allowed || !byAddress.allowed) {
      return this.authError('login', email, 'Too many sign-in attempts. Wait a few minutes and try again.', 429);
    }
    const account = await this.accounts.findByEmail(email);
    const valid = account?.passwordHash ? await this.passwords.verify(password, account.passwordHash) : false;
    if (!account || !valid) return this.authError('login', email, 'Email or password is incorrect.', 401);
    return { status: 303, redirect: '/app', session: await this.sessions.start(account.id) };
  }

  async logout(request: DashboardRequest): Promise<PageResult> {
    const active = await this.sessions.resolve(request.sessionToken);
    if (active) {
      this.sessions.assertCsrf(active, request.body?._csrf);
      await this.sessions.end(request.sessionToken);
    }
    return { ...TO_LOGIN, session: null };
  }

  createKey(request: DashboardRequest): Promise<PageResult> {
    return this.mutate(request, async (active) => {
      const { plainKey, apiKey } = await this.apiKeys.create(active.account.id, request.body?.name ?? '');
      return { revealed: { label: `API key “${apiKey.name}”`, value: plainKey } };
    });
  }

  revokeKey(request: DashboardRequest, keyId: string): Promise<PageResult> {
    return this.mutate(request, async (active) => {
      const apiKey = await this.apiKeys.revoke(keyId, active.account.id);
      return { notice: `Key “${apiKey.name}” was revoked; requests using it now fail.` };
    });
  }

  rotateWebhookSecret(request: DashboardRequest): Promise<PageResult> {
    return this.mutate(request, async (active) => {
      const existed = SettingsService.hasWebhookSecret(active.account);
      const value = await this.settings.rotateWebhookSecret(active.account);
      return { revealed: { label: 'Webhook secret', value, warning: existed ? 'The previous webhook secret stopped working just now.' : undefined } };
    });
  }

  rotateUrlSigningSecret(request: DashboardRequest): Promise<PageResult> {
    return this.mutate(request, async (active) => {
      const existed = SettingsService.hasUrlSigningSecret(active.account);
      const value = await this.settings.rotateUrlSigningSecret(active.account);
      return { revealed: { label: 'URL-signing secret', value, warning: existed ? 'URLs signed with the previous secret stopped working just now.' : undefined } };
    });
  }

  /** Session and CSRF first, then the change; the answer is the screen (a secret appears once, in it). */
  private async mutate(
    request: DashboardRequest,
    change: (active: ActiveSession) => Promise<{ revealed?: RevealedSecret; notice?: string }>,
  ): Promise<PageResult> {
    const active = await this.sessions.resolve(request.sessionToken);
    if (!active) return TO_LOGIN;
    this.sessions.assertCsrf(active, request.body?._csrf);
    try {
      return this.page(active, await change(active));
    } catch (error) {
      if (error instanceof AccountsException) return this.page(active, { notice: error.message }, error.status);
      throw error;
    }
  }

  private async page(active: ActiveSession, extra: { revealed?: RevealedSecret; notice?: string } = {}, status = 200): Promise<PageResult> {
    const accountId = active.account.id;
    const [usage, apiKeys, deliveries] = await Promise.all([
      this.billing.usage(active.account),
      this.apiKeys.list(accountId),
      this.deliveries.list(accountId),
    ]);
    const html = settingsPage({
      email: active.account.email,
      csrfToken: active.session.csrfToken,
      plan: usage.plan,
      usage: { used: usage.quota.used, limit: usage.quota.limit, periodEnd: usage.period.end.slice(0, 10) },
      apiKeys,
      hasWebhookSecret: SettingsService.hasWebhookSecret(active.account),
      hasUrlSigningSecret: SettingsService.hasUrlSigningSecret(active.account),
      deliveries: deliveries.slice(0, 20),
      ...extra,
    });
    return { status, html };
  }

  private formTokenValid(request: DashboardRequest): boolean {
    return Boolean(request.formToken) && constantTimeEqual(request.body?._csrf, request.formToken!);
  }

  private authError(mode: 'login' | 'signup', email: string, error: string, status: number): PageResult {
    return this.authPageResult(mode, status, { email, error });
  }

  /** The sign-in or sign-up form with a fresh double-submit token (cookie + hidden field). */
  private authPageResult(mode: 'login' | 'signup', status: number, extra: { email?: string; error?: string } = {}): PageResult {
    const formToken = randomBytes(24).toString('base64url');
    return { status, html: authPage({ mode, csrfToken: formToken, ...extra }), formToken };
  }
}
