import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, of } from 'rxjs';
import type { AuthenticatedRequest } from '../accounts/auth/authenticated-request';
import { IDEMPOTENCY_HEADER, IdempotencyService, Reservation } from './idempotency.service';

const RESERVATION = Symbol('pictor.idempotencyReservation');
type WithReservation = FastifyRequest & { [RESERVATION]?: Reservation };

/** The key this request holds, taken once (by the onSend hook of IdempotencyModule). */
export function takeReservation(request: FastifyRequest): Reservation | undefined {
  const reservation = (request as WithReservation)[RESERVATION];
  delete (request as WithReservation)[RESERVATION];
  return reservation;
}

/**
 * On a route that creates or bills: a request with `Idempotency-Key` either runs (holding the key) or is
 * answered here with the first answer's bytes and `Idempotent-Replayed: true`, without reaching the handler
 * (so it counts, delivers and creates nothing). List it first, outside the route's other interceptors.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> | Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const key = request.headers[IDEMPOTENCY_HEADER];
    // Without a key (most requests, every cached answer) nothing is awaited: no promise on the hot path.
    if (key === undefined) return next.handle();
    return this.withKey(context, next, request, key);
  }

  private async withKey(context: ExecutionContext, next: CallHandler, request: AuthenticatedRequest, key: string | string[]): Promise<Observable<unknown>> {
    const decision = await this.idempotency.begin(request.principal!.account.id, key, request);
    if (decision.kind === 'run') {
      (request as WithReservation)[RESERVATION] = decision.reservation;
      return next.handle();
    }
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const { answer } = decision;
    void reply.status(answer.status).header('Idempotent-Replayed', 'true');
    if (answer.contentType) void reply.header('Content-Type', answer.contentType);
    if (answer.location) void reply.header('Location', answer.location);
    return of(answer.body);
  }
}
