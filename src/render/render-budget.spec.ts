import { RenderBudget, RenderBudgetExceededError } from './render-budget';

describe('RenderBudget', () => {
  it('passes through work that finishes in time, and clears its timer', async () => {
    const budget = new RenderBudget(1_000);
    await expect(budget.race(Promise.resolve(42))).resolves.toBe(42);
    budget.finish();
    expect(budget.exceeded).toBe(false);
  });

  it('rejects at the deadline with RenderBudgetExceededError and aborts its signal', async () => {
    const budget = new RenderBudget(30);
    const never = new Promise<number>(() => undefined);
    const startedAt = Date.now();
    await expect(budget.race(never)).rejects.toBeInstanceOf(RenderBudgetExceededError);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(budget.signal.aborted).toBe(true);
    expect(budget.exceeded).toBe(true);
  });

  it('reports work that failed because the budget aborted it as a budget overrun', async () => {
    const budget = new RenderBudget(20);
    const aborted = new Promise<number>((_, reject) => budget.signal.addEventListener('abort', () => reject(new Error('AbortError'))));
    await expect(budget.race(aborted)).rejects.toBeInstanceOf(RenderBudgetExceededError);
    await expect(budget.race(Promise.resolve(1))).rejects.toBeInstanceOf(RenderBudgetExceededError);
  });

  it('keeps other failures as they are', async () => {
    const budget = new RenderBudget(1_000);
    await expect(budget.race(Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    budget.finish();
  });
});
