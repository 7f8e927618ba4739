import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { EditorSession } from './entities/editor-session.entity';

/**
 * Owning repository of `editor_sessions`. Sessions are remembered per token by the service until the
 * change feed reports a write, so the service announces each revocation and binding on it.
 */
@Injectable()
export class EditorSessionsRepository {
  constructor(@InjectRepository(EditorSession) private readonly sessions: Repository<EditorSession>) {}

  async insert(session: EditorSession): Promise<void> {
    await this.sessions.insert(session);
  }

  /** The account's sessions neither expired nor revoked, newest first. */
  listLive(accountId: string, now: Date): Promise<EditorSession[]> {
    return this.sessions.find({ where: { accountId, revokedAt: IsNull(), expiresAt: MoreThan(now) }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  findOwned(id: string, accountId: string): Promise<EditorSession | null> {
    return this.sessions.findOneBy({ id, accountId });
  }

  /** By the token's hash (expired and revoked ones included: the caller judges). */
  findByTokenHash(tokenHash: string): Promise<EditorSession | null> {
    return this.sessions.findOneBy({ tokenHash });
  }

  async revoke(id: string, now: Date): Promise<void> {
    await this.sessions.update({ id, revokedAt: IsNull() }, { revokedAt: now });
  }

  /** Binds a session to the template it created; false when it was bound meanwhile (only the first wins). */
  async bindTemplate(id: string, templateId: string): Promise<boolean> {
    const result = await this.sessions.update({ id, templateId: IsNull() }, { templateId });
    return (result.affected ?? 0) === 1;
  }
}
