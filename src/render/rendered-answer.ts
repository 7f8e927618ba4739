import { RouteFlag, routeFlagDecorator } from '../common/http/route-flags';
import type { RenderRecord } from './render-record';
import type { RenderOutcome } from './render.service';

/** What a rendering route's handler returns: the body to send, its headers, and the renders it made. */
export class RenderedAnswer {
  constructor(
    readonly body: unknown,
    readonly headers: Record<string, string>,
    readonly renders: readonly RenderRecord[],
    /** Set when the answer is not 200 (e.g. 304). */
    readonly status?: number,
  ) {}
}

/** The answer of a single render as JSON (POST /api/generate, /api/hooks/render). */
export const jsonAnswer = (outcome: RenderOutcome): RenderedAnswer => new RenderedAnswer(outcome.json, outcome.headers, [outcome.record]);

/** A route whose handler returns a RenderedAnswer with a JSON body: RenderAnswerHooks sends it and records its renders. */
export const AnswersRender = (): MethodDecorator & ClassDecorator => routeFlagDecorator(RouteFlag.RENDERED_ANSWER);
