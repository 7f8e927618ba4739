import { Controller, Get, Header, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../accounts/auth/public.decorator';
import { AppConfig } from '../config/app-config';
import { DashboardRequest, DashboardService, PageResult } from './dashboard.service';
import { SESSION_TTL_MS } from './sessions.service';
import { DASHBOARD_SCRIPT } from './views/settings-page';

const SESSION_COOKIE = 'pictor_session';
const FORM_COOKIE = 'pictor_form';
const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
};

/** The API keys screen at /app: server-rendered HTML forms, session cookie, CSRF tokens. */
@Public()
@Controller('app')
export class DashboardController {
  private readonly secureCookies: boolean;

  constructor(
    private readonly dashboard: DashboardService,
    config: AppConfig,
  ) {
    this.secureCookies = config.publicBaseUrl.startsWith('https://');
  }

  @Get()
  async home(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.dashboard.home(this.input(request)));
  }

  @Get('login')
  loginForm(@Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, this.dashboard.authForm('login'));
  }

  @Get('signup')
  signupForm(@Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, this.dashboard.authForm('signup'));
  }

  @Get('dashboard.js')
  @Header('content-type', 'text/javascript; charset=utf-8')
  @Header('cache-control', 'no-cache')
  script(): string {
    return DASHBOARD_SCRIPT;
  }

  @Post('login')
  async login(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.dashboard.login(this.input(request)));
  }

  @Post('signup')
  async signup(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.dashboard.signup(this.input(request)));
  }

  @Post('logout')
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.dashboard.logout(this.input(request)));
  }

  @Post('keys')
  async createKey(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.dashboard.createKey(this.input(request)));
  }

  @Post('keys/:id/revoke')
  async revokeKey(@Req() request: FastifyRequest, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.dashboard.revokeKey(this.input(request), id));
  }

  @Post('webhook-secret')
  async webhookSecret(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.dashboard.rotateWebhookSecret(this.input(request)));
  }

  @Post('url-signing-secret')
  async urlSigningSecret(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.dashboard.rotateUrlSigningSecret(this.input(request)));
  }

  private input(request: FastifyRequest): DashboardRequest {
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, string>) : undefined;
    return { sessionToken: request.cookies[SESSION_COOKIE], formToken: request.cookies[FORM_COOKIE], ip: request.ip, body };
  }

  private send(reply: FastifyReply, result: PageResult): string {
    const cookie = { path: '/app', httpOnly: true, sameSite: 'lax' as const, secure: this.secureCookies };
    if (result.session === null) reply.clearCookie(SESSION_COOKIE, cookie);
    else if (result.session) reply.setCookie(SESSION_COOKIE, result.session, { ...cookie, maxAge: SESSION_TTL_MS / 1000 });
    if (result.formToken) reply.setCookie(FORM_COOKIE, result.formToken, { ...cookie, maxAge: 3600 });
    reply.headers(SECURITY_HEADERS).status(result.status);
    if (result.redirect) {
      reply.header('location', result.redirect);
      return '';
    }
    reply.type('text/html; charset=utf-8');
    return result.html ?? '';
  }
}
