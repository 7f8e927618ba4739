import type { FastifyRequest } from 'fastify';
import type { CheckedTarget } from '../network/outbound-target.service';

export const WEBHOOK_DELIVERY_REQUESTED = 'webhook.delivery.requested';

/** A delivery waiting for its render answer to finish going out. */
export interface PendingDelivery {
  accountId: string;
  target: CheckedTarget;
  /** The exact bytes of the render answer. */
  payload: string;
  imageUrl: string;
}

const PENDING = Symbol('pictor.pendingDelivery');
type WithPending = FastifyRequest & { [PENDING]?: PendingDelivery };

export function deferDelivery(request: FastifyRequest, delivery: PendingDelivery): void {
  (request as WithPending)[PENDING] = delivery;
}

export function takeDeferredDelivery(request: FastifyRequest): PendingDelivery | undefined {
  const delivery = (request as WithPending)[PENDING];
  delete (request as WithPending)[PENDING];
  return delivery;
}
