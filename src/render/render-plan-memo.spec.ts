import { RenderPlanMemo } from './render-plan-memo';
import type { RenderPlan } from './render-plan';
import type { RenderRequest } from './dto/render-request.schema';

const plan = (ownFonts: boolean): RenderPlan => ({
  key: 'k',
  fileName: 'k.png',
  requestWarnings: [],
  ownFonts,
  job: { design: { width: 10, height: 10, background: '#ffffff', layers: [] }, output: { width: 10, height: 10, format: 'png', quality: 0 } },
});
const request = (text: string) => ({ templateId: 'tpl_a', format: 'png', layers: { title: { text } } }) as unknown as RenderRequest;

describe('RenderPlanMemo', () => {
  it('serves a plan for the same template version and request only', () => {
    const memo = new RenderPlanMemo();
    const kept = plan(false);
    memo.remember(memo.keyOf({ id: 'tpl_a', version: 1 }, request('x')), kept);
    expect(memo.get(memo.keyOf({ id: 'tpl_a', version: 1 }, request('x')))).toBe(kept);
    expect(memo.get(memo.keyOf({ id: 'tpl_a', version: 2 }, request('x')))).toBeUndefined();
    expect(memo.get(memo.keyOf({ id: 'tpl_b', version: 1 }, request('x')))).toBeUndefined();
    expect(memo.get(memo.keyOf({ id: 'tpl_a', version: 1 }, request('y')))).toBeUndefined();
  });

  it("never keeps a plan the owner's fonts entered (it depends on them too)", () => {
    const memo = new RenderPlanMemo();
    const key = memo.keyOf({ id: 'tpl_a', version: 1 }, request('x'));
    memo.remember(key, plan(true));
    expect(memo.get(key)).toBeUndefined();
  });

  it('does not keep plans of very large requests', () => {
    const memo = new RenderPlanMemo();
    const key = memo.keyOf({ id: 'tpl_a', version: 1 }, request('x'.repeat(5_000)));
    expect(key).toBeNull();
    memo.remember(key, plan(false));
    expect(memo.get(key)).toBeUndefined();
  });
});
