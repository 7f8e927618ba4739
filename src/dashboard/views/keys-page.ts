import { appPage, csrf, ShellModel, when } from './app-shell';
import { html, RawHtml } from '../../common/http/html';

export interface KeysPageModel {
  apiKeys: Array<{ id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null }>;
  hasWebhookSecret: boolean;
  hasUrlSigningSecret: boolean;
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

export function keysPage(shell: ShellModel, model: KeysPageModel): string {
  const token = shell.csrfToken;
  return appPage(
    shell,
    'API keys',
    html`<section aria-labelledby="keys-title">
        <h2 id="keys-title">API keys</h2>
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col"><span class="muted">Action</span></th>
              </tr>
            </thead>
            <tbody>
              ${
                model.apiKeys.length === 0
                  ? html`<tr>
                      <td colspan="5" class="muted">No API keys yet.</td>
                    </tr>`
                  : ''
              }${model.apiKeys.map(
                (key) =>
                  html`<tr data-key-id="${key.id}">
                    <td>${key.name}</td>
                    <td><code>${key.prefix}…</code></td>
                    <td>${when(key.createdAt)}</td>
                    <td>${when(key.lastUsedAt)}</td>
                    <td>
                      <form method="post" action="/app/keys/${key.id}/revoke" data-confirm="Revoke “${key.name}”? Requests using it will fail at once.">
                        ${csrf(token)}<button type="submit" class="danger" aria-label="Revoke key ${key.name}">Revoke</button>
                      </form>
                    </td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </div>
        <form method="post" action="/app/keys" class="row">
          ${csrf(token)}
          <div>
            <label for="key-name">New key name</label><input id="key-name" name="name" type="text" maxlength="100" required placeholder="e.g. Production" />
          </div>
          <button type="submit">Create key</button>
        </form>
      </section>

      <section aria-labelledby="webhook-title">
        <h2 id="webhook-title">Webhook secret</h2>
        ${secretForm('/app/webhook-secret', model.hasWebhookSecret, 'webhook secret', token, 'Signs webhook deliveries (X-Service-Signature).')}
      </section>

      <section aria-labelledby="signing-title">
        <h2 id="signing-title">URL-signing secret</h2>
        ${secretForm('/app/url-signing-secret', model.hasUrlSigningSecret, 'URL-signing secret', token, 'Signs public render URLs of templates with publicRender "signed".')}
      </section>`,
  );
}
