import { Injectable } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { TemplatesException } from '../templates/templates.exception';
import { TemplatesService } from '../templates/templates.service';
import { TemplateDirectory } from './template-directory';
import { canonicalDesign, parseTemplateFile, sameDesign, serializeDesign, TEMPLATE_FILE } from './template-file-format';
import { TemplateFilesErrorCode, TemplateFilesException } from './template-files.exception';

export interface ExportReport {
  accountId: string;
  dir: string;
  exported: string[];
}

export interface ImportFailure {
  file: string;
  field: string | null;
  error: string;
}

export interface ImportReport {
  accountId: string;
  dir: string;
  created: string[];
  updated: string[];
  unchanged: string[];
  failed: ImportFailure[];
}

/**
 * Templates as code (contract §18): one `<id>.json` per template, the content a POST /api/templates
 * body in canonical form. Import creates or updates by id and writes nothing for a file whose design
 * is already stored, so a second run bumps no version. A bad file is reported and skipped; the
 * others are still imported (a fixed file then converges on the next run).
 */
@Injectable()
export class TemplateFilesService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly templates: TemplatesService,
    private readonly directory: TemplateDirectory,
  ) {}

  async export(accountId: string, dir: string): Promise<ExportReport> {
    await this.accounts.get(accountId);
    const templates = await this.templates.list(accountId);
    await this.directory.ensure(dir);
    const exported: string[] = [];
    for (const template of [...templates].sort((a, b) => (a.id < b.id ? -1 : 1))) {
      await this.directory.write(dir, `${template.id}.json`, serializeDesign(canonicalDesign({ ...template })));
      exported.push(template.id);
    }
    return { accountId, dir, exported };
  }

  async import(accountId: string, dir: string): Promise<ImportReport> {
    await this.accounts.get(accountId);
    if (!(await this.directory.isDirectory(dir))) {
      throw new TemplateFilesException(TemplateFilesErrorCode.DIRECTORY_NOT_FOUND, `Directory not found: ${dir}`);
    }
    const report: ImportReport = { accountId, dir, created: [], updated: [], unchanged: [], failed: [] };
    for (const file of await this.directory.jsonFiles(dir)) {
      const outcome = await this.importFile(accountId, dir, file);
      if ('kind' in outcome) report[outcome.kind].push(outcome.id);
      else report.failed.push(outcome);
    }
    return report;
  }

  private async importFile(accountId: string, dir: string, file: string): Promise<{ kind: 'created' | 'updated' | 'unchanged'; id: string } | ImportFailure> {
    const name = TEMPLATE_FILE.exec(file);
    if (!name) return { file, field: null, error: 'file name must be <template id>.json (tpl_ and 16–36 letters or digits)' };
    const id = name[1];
    const parsed = parseTemplateFile(await this.directory.read(dir, file));
    if (!parsed.ok) return { file, field: parsed.field, error: parsed.error };
    const existing = await this.templates.getById(id).catch((error: unknown) => {
      if (error instanceof TemplatesException) return null;
      throw error;
    });
    if (existing && existing.accountId !== accountId) return { file, field: null, error: `template ${id} belongs to another account` };
    if (!existing) {
      await this.templates.create(accountId, parsed.design, id);
      return { kind: 'created', id };
    }
    if (sameDesign(canonicalDesign({ ...existing }), parsed.design)) return { kind: 'unchanged', id };
    await this.templates.update(accountId, id, parsed.design);
    return { kind: 'updated', id };
  }
}
