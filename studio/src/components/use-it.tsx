import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { Design, generateCurl, renderQuery } from '../state/design';
import './use-it.css';

export const USE_IT_ID = 'use-it';

/** Brings the Use it panel into view from anywhere in the editor (§24: one click away) and moves the focus to it. */
export function UseItButton() {
  const open = () => {
    const panel = document.getElementById(USE_IT_ID);
    if (!panel) return;
    panel.scrollIntoView({ block: 'start' });
    panel.focus({ preventScroll: true });
  };
  return (
    <button type="button" class="use-it-button" aria-controls={USE_IT_ID} onClick={open}>
      Use it
    </button>
  );
}

/** Copies `text` to the clipboard and says so for two seconds; the clipboard API needs a secure context, else the old way. */
function CopyButton({ text, what }: { text: string; what: string }) {
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => {
    if (!said) return;
    const timer = window.setTimeout(() => setSaid(null), 2000);
    return () => window.clearTimeout(timer);
  }, [said]);
  const copy = async () => {
    try {
      if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(text);
      else copyByCommand(text);
      setSaid('Copied');
    } catch {
      setSaid('Copy failed: select the text and copy it');
    }
  };
  return (
    <span class="copy">
      <button type="button" class="secondary" aria-label={`Copy ${what}`} disabled={text === ''} onClick={() => void copy()}>
        Copy
      </button>
      <span role="status" class="copied">
        {said ?? ''}
      </span>
    </span>
  );
}

function copyByCommand(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

/** A ready curl for POST /api/generate, the GET /api/render URL and the template id, each with a Copy button. */
export function UseIt({ id, design }: { id: string | null; design: Design | null }) {
  const [renderUrl, setRenderUrl] = useState<string | null>(null);
  const [urlNote, setUrlNote] = useState<string | null>(null);
  const curl = id && design ? generateCurl(window.location.origin, id, design) : '';
  useEffect(() => {
    if (!id || !design) return;
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
    <section class="panel use-it" id={USE_IT_ID} tabIndex={-1} aria-labelledby="use-it-title">
      <h2 id="use-it-title">Use it</h2>
      {!id ? (
        <p class="muted">Save the template first: then its curl command, its render URL and its id are here.</p>
      ) : (
        <>
          <div class="use-it-row">
            <label for="use-it-id">Template id</label>
            <CopyButton text={id} what="template id" />
          </div>
          <input id="use-it-id" type="text" readOnly value={id} />
          <div class="use-it-row">
            <label for="use-it-curl">POST /api/generate</label>
            <CopyButton text={curl} what="curl command" />
          </div>
          <textarea id="use-it-curl" readOnly rows={6} value={curl} />
          <div class="use-it-row">
            <label for="use-it-url">GET /api/render URL</label>
            <CopyButton text={renderUrl ?? ''} what="render URL" />
          </div>
          <input id="use-it-url" type="text" readOnly value={renderUrl ?? ''} />
          {urlNote && <p class="muted">{urlNote}</p>}
        </>
      )}
    </section>
  );
}
