import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { Design, generateCurl, renderQuery } from '../state/design';

/** A ready curl for POST /api/generate and the GET /api/render URL of the saved template. */
export function UseIt({ id, design }: { id: string; design: Design }) {
  const [renderUrl, setRenderUrl] = useState<string | null>(null);
  const [urlNote, setUrlNote] = useState<string | null>(null);
  const curl = generateCurl(window.location.origin, id, design);
  useEffect(() => {
    if (design.publicRender === false) {
      setRenderUrl(null);
      setUrlNote('Public render is off: turn it on in the template settings for a GET URL.');
      return;
    }
    api.renderUrl(id, renderQuery(design)).then(
      (answer) => {
        setRenderUrl(answer.url);
        setUrlNote(answer.signed ? 'Signed with your URL-signing secret.' : null);
      },
      (error: ApiError) => {
        setRenderUrl(null);
        setUrlNote(error.message);
      },
    );
  }, [id, design]);
  return (
    <section class="panel use-it" aria-labelledby="use-it-title">
      <h2 id="use-it-title">Use it</h2>
      <label for="use-it-curl">POST /api/generate</label>
      <textarea id="use-it-curl" readOnly rows={6} value={curl} />
      <label for="use-it-url">GET /api/render URL</label>
      <input id="use-it-url" type="text" readOnly value={renderUrl ?? ''} />
      {urlNote && <p class="muted">{urlNote}</p>}
    </section>
  );
}
