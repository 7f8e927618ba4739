import { Global, Module } from '@nestjs/common';
import { SessionAuthenticator } from '../accounts/auth/session-authenticator';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { BillingModule } from '../billing/billing.module';
import { FontsModule } from '../fonts/fonts.module';
import { PreviewModule } from '../preview/preview.module';
import { StudioBundleModule } from '../studio-bundle/studio-bundle.module';
import { TemplatesModule } from '../templates/templates.module';
import { SettingsModule } from '../settings/settings.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { FontPagesService } from './font-pages.service';
import { JobPagesService } from './job-pages.service';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';
import { AccountPagesService } from './account-pages.service';
import { FlashCodec } from './flash';
import { TemplatePagesService } from './template-pages.service';
import { Session } from './entities/session.entity';
import { DashboardSessionAuthenticator } from './session-authenticator.service';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';

/** Global so the API's bearer guard (AuthModule) can accept the dashboard session for the studio. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([Session]),
    AccountsModule,
    BillingModule,
    SettingsModule,
    WebhooksModule,
    TemplatesModule,
    PreviewModule,
    StudioBundleModule,
    FontsModule,
  ],
  controllers: [DashboardController],
  providers: [
    DashboardService,
    AccountPagesService,
    TemplatePagesService,
    JobPagesService,
    FontPagesService,
    FlashCodec,
    SessionsService,
    SessionsRepository,
    { provide: SessionAuthenticator, useClass: DashboardSessionAuthenticator },
  ],
  exports: [SessionAuthenticator],
})
export class DashboardModule {}
