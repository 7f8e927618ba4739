import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ChangeFeed } from '../database/change-feed';
import { TemplateRow, templateFromRow } from './entities/template-row';
import { Template } from './entities/template.entity';

const SELECT_TEMPLATE = 'SELECT * FROM templates WHERE id = ?';
const SELECT_OWNED_TEMPLATE = 'SELECT * FROM templates WHERE id = ? AND account_id = ?';

/**
 * Owning repository of `templates`: every statement on the table and its row mapping. Each write that
 * changes an existing template announces itself on the change feed before returning, so the other
 * instances' remembered templates cannot outlive it, whichever code path wrote.
 */
@Injectable()
export class TemplatesRepository {
  constructor(
    @InjectRepository(Template) private readonly templates: Repository<Template>,
    private readonly changes: ChangeFeed,
  ) {}

  /** New ids are never remembered anywhere yet: no announcement needed. */
  insert(template: Template): Promise<Template> {
    return this.templates.save(this.templates.create(template));
  }

  listByAccount(accountId: string): Promise<Template[]> {
    return this.templates.find({ where: { accountId }, order: { createdAt: 'DESC' } });
  }

  /** Plain SQL: the query builder's hydration cost more than the read on the render path. */
  findById(id: string): Promise<Template | null> {
    return this.read(SELECT_TEMPLATE, [id]);
  }

  findOwned(id: string, accountId: string): Promise<Template | null> {
    return this.read(SELECT_OWNED_TEMPLATE, [id, accountId]);
  }

  /** Compare-and-set on `version`: false when the template moved (or is gone) since `expectedVersion` was read. */
  async updateIfVersion(id: string, accountId: string, expectedVersion: number, changes: Partial<Template>): Promise<boolean> {
    const result = await this.templates.update({ id, accountId, version: expectedVersion }, changes);
    if (result.affected !== 1) return false;
    await this.changes.changed();
    return true;
  }

  /** False when there was no such template of this account. */
  async delete(id: string, accountId: string): Promise<boolean> {
    const result = await this.templates.delete({ id, accountId });
    if (!result.affected) return false;
    await this.changes.changed();
    return true;
  }

  private async read(sql: string, parameters: string[]): Promise<Template | null> {
    const rows: TemplateRow[] = await this.templates.query(sql, parameters);
    return rows.length > 0 ? templateFromRow(rows[0]) : null;
  }
}
