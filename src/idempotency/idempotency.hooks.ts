import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RouteFlag, routeFlagDecorator } from '../common/http/route-flags';
import { RouteHooks, RouteHooksRegistry } from '../common/http/route-hooks';
import type { AuthenticatedRequest } from '../accounts/auth/authenticated-request';
import { IDEMPOTENCY_HEADER, IdempotencyService, Reservation } from './idempotency.service';

/** On a route that creates or bills (§22): `Idempotency-Key` is honoured there. */
export const Idempotent = (): MethodDecorator & ClassDecorator => routeFlagDecorator(RouteFlag.IDEMPOTENT);

const RESERVATION = Symbol('pictor.idempotencyReservation');
type WithReservation = FastifyRequest & { [RESERVATION]?: Reservation };

const header = (value: string | number | string[] | undefined): string | null => (value === undefined ? null : String([value].flat()[0]));

/**
 * A request with `Idempotency-Key` either runs holding the key, or is answered before its handler with the first
 * answer's bytes and `Idempotent-Replayed: true` (so it counts, delivers and creates nothing). The answer's exact
 * bytes are kept in onSend, before they go out, so a retry right after finds them.
 */
@Injectable()
export class IdempotencyHooks implements RouteHooks {
  readonly flag = RouteFlag.IDEMPOTENT;

  constructor(
    private readonly idempotency: IdempotencyService,
    registry: RouteHooksRegistry,
  ) {
    registry.register(this);
  }

  /** Without a key (most requests, every cached answer) nothing is awaited: no promise on the hot path. */
  preHandler(request: FastifyRequest, reply: FastifyReply): Promise<unknown> | undefined {
    const key = request.headers[IDEMPOTENCY_HEADER];
    return key === undefined ? undefined : this.begin(request, reply, key);
  }

  private async begin(request: FastifyRequest, reply: FastifyReply, key: string | string[]): Promise<unknown> {
    const decision = await this.idempotency.begin((request as AuthenticatedRequest).principal!.account.id, key, request);
    if (decision.kind === 'run') {
      (request as WithReservation)[RESERVATION] = decision.reservation;
      return;
    }
    const { answer } = decision;
    void reply.code(answer.status).header('Idempotent-Replayed', 'true');
    if (answer.contentType) void reply.header('Content-Type', answer.contentType);
    if (answer.location) void reply.header('Location', answer.location);
    return reply.send(answer.body);
  }

  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const reservation = (request as WithReservation)[RESERVATION];
    if (!reservation) return payload;
    (request as WithReservation)[RESERVATION] = undefined;
    return this.finish(reservation, reply, payload);
  }

  private async finish(reservation: Reservation, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    await this.idempotency.finish(reservation, {
      // A body that is not bytes (a stream) cannot be replayed: the key is freed instead.
      status: body === null ? 0 : reply.statusCode,
      contentType: header(reply.getHeader('content-type')),
      location: header(reply.getHeader('location')),
      body: body ?? '',
    });
    return payload;
  }
}
