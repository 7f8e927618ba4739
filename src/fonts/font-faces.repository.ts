import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ChangeFeed } from '../database/change-feed';
import { ChangeFeedCache } from '../database/change-feed-cache';
import { FontFace } from './entities/font-face.entity';

export const familyKeyOf = (family: string): string => family.trim().toLowerCase();

/** The columns that identify a face within an account: uploading the same again replaces it. */
export type FaceIdentity = Pick<FontFace, 'accountId' | 'familyKey' | 'weight' | 'style'>;

/**
 * Owning repository of `font_faces`. Its own small module, so template validation (and the CLI's
 * templates:import) can check family names without the storage and upload machinery. Every write
 * announces itself on the change feed before returning, so no instance keeps planning with an
 * account's old faces.
 */
@Injectable()
export class FontFacesRepository {
  /** Every render of a template naming an account family reads the account's faces: remembered until the change feed reports a write. */
  private readonly remembered: ChangeFeedCache<string, FontFace[]>;

  constructor(
    @InjectRepository(FontFace) private readonly table: Repository<FontFace>,
    private readonly changes: ChangeFeed,
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

  findByIdentity(identity: FaceIdentity): Promise<FontFace | null> {
    return this.table.findOne({ where: identity });
  }

  findOwned(id: string, accountId: string): Promise<FontFace | null> {
    return this.table.findOne({ where: { id, accountId } });
  }

  /** Read fresh (not the remembered list): the upload limit is checked against concurrent uploads. */
  countOf(accountId: string): Promise<number> {
    return this.table.count({ where: { accountId } });
  }

  /** Throws the driver's unique-violation error when a concurrent upload inserted the same face first. */
  async insert(face: FontFace): Promise<FontFace> {
    const saved = await this.table.save(this.table.create(face));
    await this.changes.changed();
    return saved;
  }

  async update(id: string, changes: Partial<FontFace>): Promise<void> {
    await this.table.update({ id }, changes);
    await this.changes.changed();
  }

  async delete(id: string, accountId: string): Promise<void> {
    await this.table.delete({ id, accountId });
    await this.changes.changed();
  }
}
