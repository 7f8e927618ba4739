import type { FontFace } from '../../fonts/entities/font-face.entity';
import { appPage, csrf, ShellModel } from './app-shell';
import { html } from '../../common/http/html';

export interface FontsPageModel {
  builtin: ReadonlyArray<{ family: string; weights: readonly number[]; covers: string }>;
  uploaded: ReadonlyArray<Pick<FontFace, 'id' | 'family' | 'weight' | 'style' | 'format' | 'byteSize' | 'createdAt'>>;
}

const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const faceName = (face: { family: string; weight: number; style: string }) => `${face.family} ${face.weight}${face.style === 'italic' ? ' italic' : ''}`;

/** §24: the account's own fonts (upload, delete) beside the built-in families. */
export function fontsPage(shell: ShellModel, model: FontsPageModel): string {
  const uploaded = [...model.uploaded].sort((a, b) => a.family.localeCompare(b.family) || a.weight - b.weight || a.style.localeCompare(b.style));
  return appPage(
    shell,
    'Fonts',
    html`<section aria-labelledby="own-fonts-title">
        <h2 id="own-fonts-title">Your fonts</h2>
        <p class="muted">
          Families a text layer's <code>fontFamily</code> may name, besides the built-in ones (the same list as <code>GET /api/fonts</code>). A face with the
          family, weight and style of one you have replaces it.
        </p>
        <form method="post" action="/app/fonts" enctype="multipart/form-data">
          ${csrf(shell.csrfToken)}
          <label for="font-file">Font file</label>
          <input type="file" id="font-file" name="file" accept=".ttf,.otf,.woff,.woff2,font/ttf,font/otf,font/woff,font/woff2" required />
          <label for="font-family">Family name (optional)</label>
          <input type="text" id="font-family" name="family" maxlength="200" placeholder="from the font" />
          <button type="submit">Upload font</button>
        </form>
        <p class="muted">TrueType, OpenType, WOFF or WOFF2, at most 10 MiB; up to 100 fonts.</p>
        ${
          uploaded.length === 0
            ? html`<p class="muted">No fonts uploaded yet.</p>`
            : html`<div class="table-wrap">
                <table aria-label="Your fonts">
                  <thead>
                    <tr>
                      <th scope="col">Family</th>
                      <th scope="col">Face</th>
                      <th scope="col">Format</th>
                      <th scope="col">Size</th>
                      <th scope="col">Uploaded</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${uploaded.map(
                      (face) =>
                        html`<tr data-font="${face.id}">
                          <td>${face.family}</td>
                          <td>${face.weight} ${face.style}</td>
                          <td>${face.format.toUpperCase()}</td>
                          <td>${sizeOf(face.byteSize)}</td>
                          <td><time datetime="${face.createdAt.toISOString()}">${face.createdAt.toISOString().slice(0, 10)}</time></td>
                          <td>
                            <form
                              method="post"
                              action="/app/fonts/${face.id}/delete"
                              data-confirm="Delete ${faceName(face)}? Text in it draws in the default family."
                            >
                              ${csrf(shell.csrfToken)}<button type="submit" class="danger" aria-label="Delete ${faceName(face)}">Delete</button>
                            </form>
                          </td>
                        </tr>`,
                    )}
                  </tbody>
                </table>
              </div>`
        }
      </section>
      <section aria-labelledby="builtin-fonts-title">
        <h2 id="builtin-fonts-title">Built-in families</h2>
        <div class="table-wrap">
          <table aria-label="Built-in families">
            <thead>
              <tr>
                <th scope="col">Family</th>
                <th scope="col">Weights</th>
                <th scope="col">Covers</th>
              </tr>
            </thead>
            <tbody>
              ${model.builtin.map(
                (font) =>
                  html`<tr>
                    <td>${font.family}</td>
                    <td>${font.weights.join(', ')}</td>
                    <td>${font.covers}</td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </div>
      </section>`,
  );
}
