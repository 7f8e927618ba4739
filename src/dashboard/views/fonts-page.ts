import { appPage, ShellModel } from './app-shell';
import { html } from './html';

export interface FontsPageModel {
  fonts: Array<{ family: string; weights: readonly number[]; covers: string }>;
}

export function fontsPage(shell: ShellModel, model: FontsPageModel): string {
  return appPage(
    shell,
    'Fonts',
    html`<section aria-labelledby="fonts-title">
    <h2 id="fonts-title">Fonts</h2>
    <p class="muted">Families a text layer's <code>fontFamily</code> may name (the same list as <code>GET /api/fonts</code>). Fonts you upload are added in the studio's font picker.</p>
    <div class="table-wrap"><table>
      <thead><tr><th scope="col">Family</th><th scope="col">Weights</th><th scope="col">Covers</th></tr></thead>
      <tbody>${model.fonts.map((font) => html`<tr><td>${font.family}</td><td>${font.weights.join(', ')}</td><td>${font.covers}</td></tr>`)}</tbody>
    </table></div>
  </section>`,
  );
}
