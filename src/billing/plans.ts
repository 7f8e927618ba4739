import type { Account, PlanName } from '../accounts/entities/account.entity';

export interface PlanLimits {
  monthly: number;
  perMinute: number;
}

/** Spec section 8: the one table of plans. */
export const PLANS: Record<PlanName, PlanLimits> = {
  free: { monthly: 50, perMinute: 15 },
  starter: { monthly: 2_000, perMinute: 60 },
  pro: { monthly: 5_000, perMinute: 150 },
};

/** The plan's numbers, unless the account has negotiated overrides (accounts:set-limits). */
export function effectiveLimits(account: Pick<Account, 'plan' | 'monthlyLimit' | 'perMinuteLimit'>): PlanLimits {
  const plan = PLANS[account.plan];
  return { monthly: account.monthlyLimit ?? plan.monthly, perMinute: account.perMinuteLimit ?? plan.perMinute };
}
