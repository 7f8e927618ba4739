import { TEMPLATE_EXAMPLE } from '../../src/templates/dto/sample-template';
import { AccountsService } from '../../src/accounts/accounts.service';
import { ApiKeysService } from '../../src/accounts/api-keys.service';
import type { Account, PlanName } from '../../src/accounts/entities/account.entity';
import type { TestApp } from './test-app';

let sequence = 0;

export interface TestAccount {
  account: Account;
  apiKey: string;
}

export async function createAccount(testApp: TestApp, options: { plan?: PlanName; email?: string } = {}): Promise<TestAccount> {
  const account = await testApp.get(AccountsService).create({
    email: options.email ?? `user${++sequence}-${Date.now()}@example.com`,
    plan: options.plan ?? 'free',
  });
  const { plainKey } = await testApp.get(ApiKeysService).create(account.id, 'test');
  return { account, apiKey: plainKey };
}

/** The contract's sample template (section 4), with overridable fields. */
export function sampleTemplate(overrides: Record<string, unknown> = {}) {
  return { ...structuredClone(TEMPLATE_EXAMPLE), ...overrides };
}

export async function createTemplate(testApp: TestApp, apiKey: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await testApp.request('POST', '/api/templates', { apiKey, body: sampleTemplate(overrides) });
  if (response.status !== 201) throw new Error(`template creation failed: ${response.status} ${response.text}`);
  return response.body.id;
}
