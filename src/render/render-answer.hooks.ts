import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answeredException } from '../common/errors/http-exception.filter';
import { RouteFlag } from '../common/http/route-flags';
import { RouteHooks, RouteHooksRegistry } from '../common/http/route-hooks';
import { MetricsService } from '../metrics/metrics.service';
import { recordRender } from './render-metrics';
import { RenderedAnswer } from './rendered-answer';
import { RenderException } from './render.exception';

/** The body is the answer's JSON already: sent as it is. */
const asIs = (payload: unknown): string => (typeof payload === 'string' ? payload : JSON.stringify(payload));

/**
 * The JSON rendering routes (@AnswersRender()): records each answer's renders (cache hits and misses, drawings,
 * a failed drawing's outcome), then sends the answer's headers, status and body. The service records none.
 */
@Injectable()
export class RenderAnswerHooks implements RouteHooks {
  readonly flag = RouteFlag.RENDERED_ANSWER;

  constructor(
    private readonly metrics: MetricsService,
    registry: RouteHooksRegistry,
  ) {
    registry.register(this);
  }

  preSerialization(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    if (!(payload instanceof RenderedAnswer)) {
      // An error's body: a drawing that failed is still counted by its outcome.
      const failed = answeredException(request);
      if (failed instanceof RenderException && failed.failedRender) recordRender(this.metrics, failed.failedRender);
      return payload;
    }
    for (const render of payload.renders) recordRender(this.metrics, render);
    void reply.headers(payload.headers).serializer(asIs);
    if (payload.status) void reply.code(payload.status);
    return payload.body;
  }
}
