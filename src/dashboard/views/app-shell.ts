import type { Flash, RevealedSecret } from '../flash';
import { html, RawHtml } from '../../common/http/html';
import { layout } from './layout';

export type NavSection = 'templates' | 'jobs' | 'keys' | 'usage' | 'deliveries' | 'fonts';

export interface ShellModel {
  email: string;
  csrfToken: string;
  active: NavSection;
  flash?: Flash | null;
}

const NAVIGATION: Array<{ section: NavSection; label: string; href: string }> = [
  { section: 'templates', label: 'Templates', href: '/app/templates' },
  { section: 'jobs', label: 'Jobs', href: '/app/jobs' },
  { section: 'keys', label: 'API keys', href: '/app' },
  { section: 'usage', label: 'Usage', href: '/app/usage' },
  { section: 'deliveries', label: 'Deliveries', href: '/app/deliveries' },
  { section: 'fonts', label: 'Fonts', href: '/app/fonts' },
];

export function csrf(token: string): RawHtml {
  return html`<input type="hidden" name="_csrf" value="${token}" />`;
}

export const when = (date: Date | null) => (date ? date.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : 'never');

function reveal(secret: RevealedSecret): RawHtml {
  return html`<div class="reveal" role="status" aria-live="polite">
    <strong>${secret.label}</strong> — copy it now: it will not be shown again.
    <code id="revealed-secret">${secret.value}</code>
    <button type="button" class="secondary" data-copy="revealed-secret">Copy</button>
    ${secret.warning ? html`<p class="warning">${secret.warning}</p>` : ''}
  </div>`;
}

/** Every signed-in page: header with navigation and sign-out, the one-time flash, then the page. */
export function appPage(shell: ShellModel, title: string, body: RawHtml, extraHead: RawHtml = html``): string {
  return layout(
    title,
    html`<header>
        <h1>Pictor · ${title}</h1>
        <nav aria-label="Dashboard">
          <ul class="nav">
            ${NAVIGATION.map(
              (item) => html`<li><a href="${item.href}" ${item.section === shell.active ? html`aria-current="page"` : ''}>${item.label}</a></li>`,
            )}
          </ul>
        </nav>
        <form method="post" action="/app/logout">
          ${csrf(shell.csrfToken)}<span class="muted">${shell.email}</span> <button type="submit" class="secondary">Sign out</button>
        </form>
      </header>
      <main>
        ${shell.flash?.notice ? html`<p class="warning" role="status">${shell.flash.notice}</p>` : ''}
        ${shell.flash?.revealed ? reveal(shell.flash.revealed) : ''} ${body}
      </main>
      <script src="/app/dashboard.js" defer></script>`,
    extraHead,
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
