import { Controller, Get, Header, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../accounts/auth/public.decorator';
import { SESSION_COOKIE } from '../accounts/auth/session-authenticator';
import { AppConfig } from '../config/app-config';
import { AccountPagesService } from './account-pages.service';
import { DashboardRequest, DashboardService, PageResult } from './dashboard.service';
import { SESSION_TTL_MS } from './sessions.service';
import { StudioAssets } from '../studio-bundle/studio-assets';
import { TemplatePagesService } from './template-pages.service';
import { DASHBOARD_SCRIPT } from './views/app-shell';
import { CSRF_HEADER } from '../accounts/auth/session-authenticator';
import { readCsvUpload } from './csv-upload';
import { FontPagesService } from './font-pages.service';
import { readFontUploadForm } from './font-upload-form';
import { BulkCheck, JobPagesService } from './job-pages.service';
import { BULK_SCRIPT, JOBS_SCRIPT } from './views/jobs-scripts';

const FORM_COOKIE = 'pictor_form';
const FLASH_COOKIE = 'pictor_flash';
const FLASH_TTL_SECONDS = 120;
const SECURITY_HEADERS = {
  // blob: images are the studio's previews (drawn by the server, held as object URLs).
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
};

/** The dashboard at /app: server-rendered pages and forms (Post/Redirect/Get), and the studio's page. */
@Public()
@Controller('app')
export class DashboardController {
  private readonly secureCookies: boolean;

  constructor(
    private readonly dashboard: DashboardService,
    private readonly accountPages: AccountPagesService,
    private readonly templatePages: TemplatePagesService,
    private readonly assets: StudioAssets,
    private readonly jobPages: JobPagesService,
    private readonly fontPages: FontPagesService,
    config: AppConfig,
  ) {
    this.secureCookies = config.publicBaseUrl.startsWith('https://');
  }

  @Get()
  async home(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.accountPages.keys(this.input(request)));
  }

  @Get('usage')
  async usage(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.accountPages.usage(this.input(request)));
  }

  @Get('deliveries')
  async deliveries(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.accountPages.deliveryLog(this.input(request)));
  }

  @Get('fonts')
  async fonts(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.fontPages.list(this.input(request)));
  }

  /** The fonts page's upload (multipart, with `_csrf` among its fields): Post/Redirect/Get, a flash says how it went. */
  @Post('fonts')
  async uploadFont(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.fontPages.upload(this.input(request), await readFontUploadForm(request)));
  }

  @Post('fonts/:id/delete')
  async deleteFont(@Req() request: FastifyRequest, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.fontPages.remove(this.input(request), id));
  }

  @Get('templates')
  async templates(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.templatePages.list(this.input(request)));
  }

  @Get('jobs')
  async jobs(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.jobPages.list(this.input(request)));
  }

  @Get('jobs.js')
  @Header('content-type', 'text/javascript; charset=utf-8')
  @Header('cache-control', 'no-cache')
  jobsScript(): string {
    return JOBS_SCRIPT;
  }

  @Get('bulk.js')
  @Header('content-type', 'text/javascript; charset=utf-8')
  @Header('cache-control', 'no-cache')
  bulkScript(): string {
    return BULK_SCRIPT;
  }

  @Get('templates/:id/bulk')
  async bulk(@Req() request: FastifyRequest, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.jobPages.bulk(this.input(request), id));
  }

  /** Bulk create's check (JSON): the CSV's columns matched to the template's layers, and its first rows drawn. */
  @Post('templates/:id/bulk/check')
  @Header('cache-control', 'no-store')
  async bulkCheck(@Req() request: FastifyRequest, @Param('id') id: string): Promise<BulkCheck> {
    const csrf = request.headers[CSRF_HEADER];
    return this.jobPages.check(request.cookies[SESSION_COOKIE], typeof csrf === 'string' ? csrf : undefined, id, await readCsvUpload(request));
  }

  @Get('templates/new')
  async newTemplate(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.templatePages.studio(this.input(request), null));
  }

  @Get('templates/:id')
  async editTemplate(@Req() request: FastifyRequest, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.templatePages.studio(this.input(request), id));
  }

  @Get('templates/:id/thumbnail')
  async thumbnail(@Req() request: FastifyRequest, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const result = await this.templatePages.thumbnail(this.input(request), id);
    reply.status(result.status).header('x-content-type-options', 'nosniff');
    if (result.status !== 200) {
      if ('redirect' in result && result.redirect) reply.header('location', result.redirect);
      reply.header('cache-control', 'no-store');
      return '';
    }
    // The URL names the template's version, so a drawing never goes stale; private: it needs the session.
    reply.header('cache-control', 'private, max-age=86400').type(result.contentType);
    return result.bytes;
  }

  @Post('templates/:id/duplicate')
  async duplicate(@Req() request: FastifyRequest, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.templatePages.duplicate(this.input(request), id));
  }

  @Post('templates/:id/delete')
  async remove(@Req() request: FastifyRequest, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.templatePages.remove(this.input(request), id));
  }

  @Get('assets/:file')
  asset(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const found = this.assets.asset(file);
    if (!found) {
      reply.status(404).type('text/plain; charset=utf-8');
      return 'Not found';
    }
    // Hashed names: a new build has new names, so these never change.
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').type(found.contentType);
    return found.body;
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
    return this.send(reply, await this.accountPages.createKey(this.input(request)));
  }

  @Post('keys/:id/revoke')
  async revokeKey(@Req() request: FastifyRequest, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.accountPages.revokeKey(this.input(request), id));
  }

  @Post('webhook-secret')
  async webhookSecret(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.accountPages.rotateWebhookSecret(this.input(request)));
  }

  @Post('url-signing-secret')
  async urlSigningSecret(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, await this.accountPages.rotateUrlSigningSecret(this.input(request)));
  }

  private input(request: FastifyRequest): DashboardRequest {
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, string>) : undefined;
    return {
      sessionToken: request.cookies[SESSION_COOKIE],
      formToken: request.cookies[FORM_COOKIE],
      flash: request.cookies[FLASH_COOKIE],
      ip: request.ip,
      body,
    };
  }

  private send(reply: FastifyReply, result: PageResult): string {
    const cookie = { path: '/app', httpOnly: true, sameSite: 'lax' as const, secure: this.secureCookies };
    // The session cookie covers /api too: the studio calls the API with it (plus the CSRF header).
    const sessionCookie = { ...cookie, path: '/' };
    if (result.session === null) reply.clearCookie(SESSION_COOKIE, sessionCookie);
    else if (result.session) reply.setCookie(SESSION_COOKIE, result.session, { ...sessionCookie, maxAge: SESSION_TTL_MS / 1000 });
    if (result.formToken) reply.setCookie(FORM_COOKIE, result.formToken, { ...cookie, maxAge: 3600 });
    if (result.flash === null) reply.clearCookie(FLASH_COOKIE, cookie);
    else if (result.flash) reply.setCookie(FLASH_COOKIE, result.flash, { ...cookie, maxAge: FLASH_TTL_SECONDS });
    reply.headers(SECURITY_HEADERS).status(result.status);
    if (result.redirect) {
      reply.header('location', result.redirect);
      return '';
    }
    reply.type('text/html; charset=utf-8');
    return result.html ?? '';
  }
}
