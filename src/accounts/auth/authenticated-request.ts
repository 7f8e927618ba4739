import type { FastifyRequest } from 'fastify';
import type { Account } from '../entities/account.entity';
import type { ApiKey } from '../entities/api-key.entity';

/** An API key's principal, or (key absent) the dashboard session's account. */
export type AuthenticatedRequest = FastifyRequest & { principal?: { account: Account; apiKey?: ApiKey } };
