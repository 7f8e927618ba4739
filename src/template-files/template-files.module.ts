import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { TemplatesModule } from '../templates/templates.module';
import { TemplateDirectory } from './template-directory';
import { TemplateFilesService } from './template-files.service';

/** Templates as code: export and import (CLI only; no HTTP routes). */
@Module({
  imports: [AccountsModule, TemplatesModule],
  providers: [TemplateFilesService, TemplateDirectory],
  exports: [TemplateFilesService],
})
export class TemplateFilesModule {}
