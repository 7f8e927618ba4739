import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { QueryFailedError } from 'typeorm';
import { Clock } from '../common/clock/clock';
import { CommonErrorCode, CommonException } from '../common/errors/app-exception';
import { newId } from '../common/ids';
import { ImageStorage } from '../storage/image-storage';
import { FontUpload, validateFamily } from './dto/font-upload';
import { FontFace } from './entities/font-face.entity';
import { FONT_FAMILIES } from './font-catalog';
import { FontSandbox } from './font-sandbox';
import { familyKeyOf, FontFacesRepository } from './font-faces.repository';
import { FontsErrorCode, FontsException } from './fonts.exception';
import { FontInspector } from './inspect/font-inspector';

export const MAX_FONTS_PER_ACCOUNT = 100;
const BUILTIN_KEYS = new Set(FONT_FAMILIES.map((font) => font.family.toLowerCase()));

export { familyKeyOf };

const fontLimit = () => new FontsException(FontsErrorCode.FONT_LIMIT, `An account may keep at most ${MAX_FONTS_PER_ACCOUNT} fonts; delete one first`);

@Injectable()
export class FontsService {
  constructor(
    private readonly faces: FontFacesRepository,
    private readonly storage: ImageStorage,
    private readonly inspector: FontInspector,
    private readonly sandbox: FontSandbox,
    private readonly clock: Clock,
  ) {}

  /** Parses, checks and keeps a face; a face with the same family, weight and style replaces the old one (same id). */
  async upload(accountId: string, upload: FontUpload): Promise<FontFace> {
    // Off the event loop, within a time and memory limit: a font's tables cannot freeze the server (§20).
    const parsed = await this.inspector.parse(upload.bytes);
    const family = validateFamily(upload.family ?? parsed.family, upload.family === undefined ? 'font' : 'field');
    if (BUILTIN_KEYS.has(familyKeyOf(family))) {
      throw new CommonException(CommonErrorCode.VALIDATION_FAILED, `family: "${family}" is a built-in family; choose another name`, {
        details: [{ path: 'family', message: 'is a built-in family' }],
      });
    }
    await this.sandbox.check(upload.bytes, parsed.sample || 'A');
    const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
    const where = { accountId, familyKey: familyKeyOf(family), weight: parsed.weight, style: parsed.style };
    const facts = { family, format: parsed.format, glyphCount: parsed.glyphs, byteSize: upload.bytes.length, sha256 };

    for (let attempt = 0; attempt < 2; attempt++) {
      const existing = await this.faces.findByIdentity(where);
      if (existing) {
        const storageKey = storageKeyOf(existing.id, sha256, parsed.format);
        await this.storage.put(storageKey, upload.bytes);
        const updated = { ...existing, ...facts, storageKey, updatedAt: this.clock.now() };
        await this.faces.update(existing.id, { ...facts, storageKey, updatedAt: updated.updatedAt });
        if (existing.storageKey !== storageKey) await this.storage.delete(existing.storageKey);
        return updated;
      }
      if ((await this.faces.countOf(accountId)) >= MAX_FONTS_PER_ACCOUNT) {
        throw fontLimit();
      }
      const id = newId('fnt');
      const storageKey = storageKeyOf(id, sha256, parsed.format);
      await this.storage.put(storageKey, upload.bytes);
      const now = this.clock.now();
      let created: FontFace;
      try {
        created = await this.faces.insert(Object.assign(new FontFace(), { id, ...where, ...facts, storageKey, createdAt: now, updatedAt: now }));
      } catch (error) {
        await this.storage.delete(storageKey);
        // A concurrent upload of the same face won the insert: replace it instead.
        if (!(error instanceof QueryFailedError) || attempt > 0) throw error;
        continue;
      }
      if (!(await this.withinLimit(accountId))) {
        await this.faces.delete(id, accountId);
        await this.storage.delete(storageKey);
        throw fontLimit();
      }
      return created;
    }
    throw new Error('unreachable: the second attempt either returns or throws');
  }

  /**
   * Concurrent uploads (on any instance) can all pass the count before inserting. Counted again after its own
   * insert, an upload that sees more than the limit withdraws: every face kept saw at most the limit, including
   * every kept face inserted before it, so the account never ends above it (racing at the limit may refuse more
   * uploads than strictly needed, never accept too many).
   */
  private async withinLimit(accountId: string): Promise<boolean> {
    return (await this.faces.countOf(accountId)) <= MAX_FONTS_PER_ACCOUNT;
  }

  /** The account's faces (remembered until the change feed reports a write). */
  facesOf(accountId: string): Promise<FontFace[]> {
    return this.faces.facesOf(accountId);
  }

  async remove(accountId: string, id: string): Promise<void> {
    const face = await this.faces.findOwned(id, accountId);
    if (!face) throw FontsException.notFound(id);
    await this.faces.delete(id, accountId);
    await this.storage.delete(face.storageKey);
  }

  /** The stored bytes of a face (for the render workers, once per process). */
  async bytesOf(face: Pick<FontFace, 'id' | 'storageKey'>): Promise<Buffer | null> {
    const stored = await this.storage.open(face.storageKey);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

function storageKeyOf(id: string, sha256: string, format: string): string {
  return `fonts/${id}-${sha256.slice(0, 16)}.${format}`;
}
