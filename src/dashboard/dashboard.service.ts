import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { AccountsException } from '../accounts/accounts.exception';
import { AccountsService } from '../accounts/accounts.service';
import { PasswordHasher } from '../accounts/password-hasher';
import { RateLimitStore } from '../limits/rate-limit-store';
import { Clock } from '../common/clock/clock';
import { constantTimeEqual } from '../common/crypto/hashing';
import { SessionsService } from './sessions.service';
import { authPage } from './views/auth-page';

/** What a dashboard handler answers: a page, or a redirect, with cookie changes. Sign-up, sign-in and out live here. */
export interface PageResult {
  status: number;
  html?: string;
  redirect?: string;
  /** A new session token to set, or null to clear the session cookie. */
  session?: string | null;
  /** Pre-session CSRF token (double-submit cookie) for the sign-in and sign-up forms. */
  formToken?: string;
  /** A one-time flash to carry to the redirect's page (encrypted), or null to clear the one shown. */
  flash?: string | null;
}

export interface DashboardRequest {
  sessionToken?: string;
  formToken?: string;
  /** The flash cookie, if any (see FlashCodec). */
  flash?: string;
  ip: string;
  body?: Record<string, string>;
}

const LOGIN_WINDOW_MS = 15 * 60_000;
const LOGIN_ATTEMPTS_PER_EMAIL = 10;
const LOGIN_ATTEMPTS_PER_ADDRESS = 50;
const SIGNUP_WINDOW_MS = 60 * 60_000;
const SIGNUPS_PER_ADDRESS = 5;
/** RFC 5321's limit on a forward path; longer input is refused before any other work (§20). */
export const MAX_EMAIL_LENGTH = 254;
const TO_LOGIN: PageResult = { status: 303, redirect: '/app/login' };

@Injectable()
export class DashboardService {
  constructor(
    private readonly sessions: SessionsService,
    private readonly accounts: AccountsService,
    private readonly passwords: PasswordHasher,
    private readonly rateLimits: RateLimitStore,
    private readonly clock: Clock,
  ) {}

  authForm(mode: 'login' | 'signup'): PageResult {
    return this.authPageResult(mode, 200);
  }

  async signup(request: DashboardRequest): Promise<PageResult> {
    const { email = '', password = '' } = request.body ?? {};
    if (email.length > MAX_EMAIL_LENGTH) return this.authError('signup', '', 'That email address is too long.', 400);
    if (!this.formTokenValid(request)) return this.authError('signup', email, 'Your form expired; please try again.', 403);
    // At most 5 accounts per client address per hour; an attempt that creates none gives its slot back.
    const slotKey = `signup-ip:${request.ip}`;
    const slot = randomUUID();
    if (!(await this.rateLimits.acquire(slotKey, slot, SIGNUPS_PER_ADDRESS, SIGNUP_WINDOW_MS, this.clock.nowMs())).allowed) {
      return this.authError('signup', email, 'Too many accounts created from your network. Try again in an hour.', 429);
    }
    try {
      const account = await this.accounts.create({ email, password });
      return { status: 303, redirect: '/app', session: await this.sessions.start(account.id) };
    } catch (error) {
      await this.rateLimits.release(slotKey, slot);
      if (error instanceof AccountsException) return this.authError('signup', email, error.message, error.status);
      throw error;
    }
  }

  async login(request: DashboardRequest): Promise<PageResult> {
    const { email = '', password = '' } = request.body ?? {};
    if (email.length > MAX_EMAIL_LENGTH) return this.authError('login', '', 'That email address is too long.', 400);
    if (!this.formTokenValid(request)) return this.authError('login', email, 'Your form expired; please try again.', 403);
    if (!(await this.admitLoginAttempt(email, request.ip))) {
      return this.authError('login', email, 'Too many sign-in attempts. Wait a few minutes and try again.', 429);
    }
    const account = await this.accounts.findByEmail(email);
    const valid = account?.passwordHash ? await this.passwords.verify(password, account.passwordHash) : false;
    if (!account || !valid) return this.authError('login', email, 'Email or password is incorrect.', 401);
    return { status: 303, redirect: '/app', session: await this.sessions.start(account.id) };
  }

  /**
   * Counts a sign-in attempt against its address, then its email. A refused attempt records nothing:
   * the address is checked first, and its slot is given back when the email's limit refuses.
   */
  private async admitLoginAttempt(email: string, ip: string): Promise<boolean> {
    const nowMs = this.clock.nowMs();
    const attempt = randomUUID();
    const addressKey = `login-ip:${ip}`;
    if (!(await this.rateLimits.acquire(addressKey, attempt, LOGIN_ATTEMPTS_PER_ADDRESS, LOGIN_WINDOW_MS, nowMs)).allowed) return false;
    if ((await this.rateLimits.acquire(`login:${email.trim().toLowerCase()}`, attempt, LOGIN_ATTEMPTS_PER_EMAIL, LOGIN_WINDOW_MS, nowMs)).allowed) return true;
    await this.rateLimits.release(addressKey, attempt);
    return false;
  }

  async logout(request: DashboardRequest): Promise<PageResult> {
    const active = await this.sessions.resolve(request.sessionToken);
    if (active) {
      this.sessions.assertCsrf(active, request.body?._csrf);
      await this.sessions.end(request.sessionToken);
    }
    return { ...TO_LOGIN, session: null };
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
