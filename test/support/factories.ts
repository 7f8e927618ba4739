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
  return {
    name: 'Blog card',
    width: 1200,
    height: 630,
    background: '#0f172a',
    publicRender: true,
    layers: [
      { name: 'badge', type: 'rect', x: 80, y: 60, width: 200, height: 44, fill: '#38bdf8', radius: 8 },
      {
        name: 'title',
        type: 'text',
        x: 80,
        y: 130,
        width: 1040,
        height: 280,
        text: 'Default',
        fontFamily: 'Inter',
        fontSize: 64,
        fontWeight: 'bold',
        color: '#ffffff',
        align: 'left',
        verticalAlign: 'top',
        lineHeight: 1.2,
        maxLines: 3,
        autoFit: true,
        minFontSize: 32,
      },
      { name: 'avatar', type: 'image', x: 1000, y: 470, width: 120, height: 120, imageUrl: null, fit: 'cover', radius: 60 },
    ],
    ...overrides,
  };
}

export async function createTemplate(testApp: TestApp, apiKey: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await testApp.request('POST', '/api/templates', { apiKey, body: sampleTemplate(overrides) });
  if (response.status !== 201) throw new Error(`template creation failed: ${response.status} ${response.text}`);
  return response.body.id;
}
