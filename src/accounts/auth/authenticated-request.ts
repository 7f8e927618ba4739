import type { FastifyRequest } from 'fastify';
import type { AuthenticatedPrincipal } from '../api-keys.service';

export type AuthenticatedRequest = FastifyRequest & { principal?: AuthenticatedPrincipal };
