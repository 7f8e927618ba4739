import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { Session } from './entities/session.entity';

/**
 * Owning repository of `sessions` (dashboard sign-ins). Every session is read fresh on each request
 * (nothing remembers one), so no write is announced on the change feed.
 */
@Injectable()
export class SessionsRepository {
  constructor(@InjectRepository(Session) private readonly sessions: Repository<Session>) {}

  async insert(session: Session): Promise<void> {
    await this.sessions.insert(session);
  }

  findByTokenHash(tokenHash: string): Promise<Session | null> {
    return this.sessions.findOneBy({ tokenHash });
  }

  async delete(tokenHash: string): Promise<void> {
    await this.sessions.delete({ tokenHash });
  }

  /** Sessions that expired before `now`, of every account. */
  async deleteExpired(now: Date): Promise<void> {
    await this.sessions.delete({ expiresAt: LessThan(now) });
  }
}
