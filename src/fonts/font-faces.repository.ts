import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ChangeFeed } from '../database/change-feed';
import { ChangeFeedCache } from '../database/change-feed-cache';
import { FontFace } from './entities/font-face.entity';

export const familyKeyOf = (family: string): string => family.trim().toLowerCase();

/**
 * Reads of the `font_faces` table. Its own small module, so template validation (and the CLI's
 * templates:import) can check family names without the storage and upload machinery.
 */
@Injectable()
export class FontFacesRepository {
  /** Every render of a template naming an account family reads the account's faces: remembered until the change feed reports a write. */
  private readonly remembered: ChangeFeedCache<string, FontFace[]>;

  constructor(
    @InjectRepository(FontFace) readonly table: Repository<FontFace>,
    changes: ChangeFeed,
  ) {
    this.remembered = new ChangeFeedCache(changes, 10_000);
  }

  /** The account's faces, remembered per account until the change feed reports a write. */
  async facesOf(accountId: string): Promise<FontFace[]> {
    return (
      (await this.remembered.getOrLoad(accountId, () => this.table.find({ where: { accountId }, order: { familyKey: 'ASC', weight: 'ASC', style: 'ASC' } }))) ??
      []
    );
  }

  /** The account's faces of one family (case-insensitive), or [] when it has none. */
  async familyFaces(accountId: string, family: string): Promise<FontFace[]> {
    const key = familyKeyOf(family);
    return (await this.facesOf(accountId)).filter((face) => face.familyKey === key);
  }
}
