import { html } from '../../common/http/html';
import { layout } from './layout';

export interface AuthPageModel {
  mode: 'login' | 'signup';
  csrfToken: string;
  email?: string;
  error?: string;
}

export function authPage(model: AuthPageModel): string {
  const signup = model.mode === 'signup';
  return layout(
    signup ? 'Create account' : 'Sign in',
    html`<main class="auth">
      <section>
        <h1>${signup ? 'Create your Pictor account' : 'Sign in to Pictor'}</h1>
        ${model.error ? html`<p class="error" role="alert">${model.error}</p>` : ''}
        <form method="post" action="/app/${signup ? 'signup' : 'login'}">
          <input type="hidden" name="_csrf" value="${model.csrfToken}" />
          <label for="email">Email</label>
          <input id="email" name="email" type="email" autocomplete="email" required value="${model.email ?? ''}" />
          <label for="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="${signup ? 'new-password' : 'current-password'}"
            minlength="${signup ? 8 : 1}"
            required
          />
          <p><button type="submit">${signup ? 'Create account' : 'Sign in'}</button></p>
        </form>
        <p class="muted">
          ${signup ? html`Already have an account? <a href="/app/login">Sign in</a>` : html`New here? <a href="/app/signup">Create an account</a>`}
        </p>
      </section>
    </main>`,
  );
}
