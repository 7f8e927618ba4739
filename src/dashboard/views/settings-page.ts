import { html, layout, RawHtml } from './html';

export interface RevealedSecret {
  label: string;
  value: string;
  warning?: string;
}

export interface SettingsPageModel {
  email: string;
  csrfToken: string;
  plan: string;
  usage: { used: number; limit: number; periodEnd: string };
  apiKeys: Array<{ id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null }>;
  hasWebhookSecret: boolean;
  hasUrlSigningSecret: boolean;
  deliveries: Array<{ url: string; outcome: string; responseStatus: number | null; durationMs: number; createdAt: Date; error: string | null }>;
  revealed?: RevealedSecret;
  notice?: string;
}

const when = (date: Date | null) => (date ? date.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : 'never');

function csrf(token: string): RawHtml {
  return html`<input type="hidden" name="_csrf" value="${token}">`;
}

function reveal(secret: RevealedSecret): RawHtml {
  return html`<div class="reveal" role="status" aria-live="polite">
  <strong>${secret.label}</strong> — copy it now: it will not be shown again.
  <code id="revealed-secret">${secret.value}</code>
  <button type="button" class="secondary" data-copy="revealed-secret">Copy</button>
  ${secret.warning ? html`<p class="warning">${secret.warning}</p>` : ''}
</div>`;
}

function secretForm(action: string, exists: boolean, noun: string, token: string, description: string): RawHtml {
  const confirmText = `Rotate the ${noun}? The current one stops working immediately.`;
  return html`<form method="post" action="${action}" ${exists ? html`data-confirm="${confirmText}"` : ''}>
  ${csrf(token)}
  <p class="muted">${description} ${exists ? 'A secret exists; it is never shown again.' : 'None generated yet.'}</p>
  ${exists ? html`<p class="warning">Rotating replaces the ${noun} at once: the old one stops working immediately.</p>` : ''}
  <button type="submit">${exists ? `Rotate ${noun}` : `Generate ${noun}`}</button>
</form>`;
}

export function settingsPage(model: SettingsPageModel): string {
  const percent = model.usage.limit > 0 ? Math.min(100, Math.round((model.usage.used / model.usage.limit) * 100)) : 100;
  return layout(
    'API keys',
    html`<header><h1>Pictor · API keys</h1>
  <form method="post" action="/app/logout">${csrf(model.csrfToken)}<span class="muted">${model.email}</span> <button type="submit" class="secondary">Sign out</button></form>
</header>
<main>
  ${model.notice ? html`<p class="warning" role="status">${model.notice}</p>` : ''}
  ${model.revealed ? reveal(model.revealed) : ''}
  <section aria-labelledby="usage-title">
    <h2 id="usage-title">Usage</h2>
    <p>Plan <strong>${model.plan}</strong>: <span id="usage-count">${model.usage.used}</span> of ${model.usage.limit} generations this period (ends ${model.usage.periodEnd}).</p>
    <div class="bar" role="progressbar" aria-label="Generations used" aria-valuemin="0" aria-valuemax="${model.usage.limit}" aria-valuenow="${model.usage.used}"><span style="width:${percent}%"></span></div>
  </section>

  <section aria-labelledby="keys-title">
    <h2 id="keys-title">API keys</h2>
    <div class="table-wrap"><table>
      <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="muted">Action</span></th></tr></thead>
      <tbody>${model.apiKeys.length === 0 ? html`<tr><td colspan="5" class="muted">No API keys yet.</td></tr>` : ''}${model.apiKeys.map(
        (key) => html`<tr data-key-id="${key.id}"><td>${key.name}</td><td><code>${key.prefix}…</code></td><td>${when(key.createdAt)}</td><td>${when(key.lastUsedAt)}</td>
        <td><form method="post" action="/app/keys/${key.id}/revoke" data-confirm="Revoke “${key.name}”? Requests using it will fail at once.">${csrf(model.csrfToken)}<button type="submit" class="danger" aria-label="Revoke key ${key.name}">Revoke</button></form></td></tr>`,
      )}</tbody>
    </table></div>
    <form method="post" action="/app/keys" class="row">${csrf(model.csrfToken)}
      <div><label for="key-name">New key name</label><input id="key-name" name="name" type="text" maxlength="100" required placeholder="e.g. Production"></div>
      <button type="submit">Create key</button>
    </form>
  </section>

  <section aria-labelledby="webhook-title">
    <h2 id="webhook-title">Webhook secret</h2>
    ${secretForm('/app/webhook-secret', model.hasWebhookSecret, 'webhook secret', model.csrfToken, 'Signs webhook deliveries (X-Service-Signature).')}
  </section>

  <section aria-labelledby="signing-title">
    <h2 id="signing-title">URL-signing secret</h2>
    ${secretForm('/app/url-signing-secret', model.hasUrlSigningSecret, 'URL-signing secret', model.csrfToken, 'Signs public render URLs of templates with publicRender "signed".')}
  </section>

  <section aria-labelledby="deliveries-title">
    <h2 id="deliveries-title">Recent webhook deliveries</h2>
    <div class="table-wrap"><table>
      <thead><tr><th scope="col">When</th><th scope="col">URL</th><th scope="col">Outcome</th><th scope="col">Status</th><th scope="col">Duration</th></tr></thead>
      <tbody>${model.deliveries.length === 0 ? html`<tr><td colspan="5" class="muted">No deliveries yet.</td></tr>` : ''}${model.deliveries.map(
        (delivery) => html`<tr><td>${when(delivery.createdAt)}</td><td>${delivery.url}</td><td class="${delivery.outcome}">${delivery.outcome}${delivery.error ? html`<br><span class="muted">${delivery.error}</span>` : ''}</td><td>${delivery.responseStatus ?? '—'}</td><td>${delivery.durationMs} ms</td></tr>`,
      )}</tbody>
    </table></div>
  </section>
</main>
<script src="/app/dashboard.js" defer></script>`,
  );
}

/** Confirmation for destructive forms and the copy button; everything works without it too. */
export const DASHBOARD_SCRIPT = `
document.addEventListener('submit', function (event) {
  var message = event.target.getAttribute('data-confirm');
  if (message && !window.confirm(message)) event.preventDefault();
});
document.addEventListener('click', function (event) {
  var id = event.target.getAttribute && event.target.getAttribute('data-copy');
  if (!id) return;
  var text = document.getElementById(id).textContent;
  navigator.clipboard.writeText(text).then(function () { event.target.textContent = 'Copied'; });
});
`;
