import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { EditorSessionAuthority } from '../accounts/auth/editor-session-authority';
import { StudioBundleModule } from '../studio-bundle/studio-bundle.module';
import { TemplatesModule } from '../templates/templates.module';
import { EditorSessionAuthorityService } from './editor-session-authority.service';
import { EditorSessionsController } from './editor-sessions.controller';
import { EditorSessionsRepository } from './editor-sessions.repository';
import { EditorSessionsService } from './editor-sessions.service';
import { EmbedPagesService } from './embed-pages.service';
import { EmbedController } from './embed.controller';
import { EditorSession } from './entities/editor-session.entity';

/** Global so the API's bearer guard (AuthModule) can accept an editor session's token and judge its calls. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([EditorSession]), AccountsModule, TemplatesModule, StudioBundleModule],
  controllers: [EditorSessionsController, EmbedController],
  providers: [EditorSessionsService, EditorSessionsRepository, EmbedPagesService, { provide: EditorSessionAuthority, useClass: EditorSessionAuthorityService }],
  exports: [EditorSessionAuthority],
})
export class EditorSessionsModule {}
