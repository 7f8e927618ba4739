import { render } from 'preact';
import { Editor } from './editor';
import { EmbedForm } from './embed/form';
import { createParentChannel } from './embed/parent';
import { setStudioHost } from './host';
import type { JsonSchema } from './state/schema-form';
import './styles.css';

/** What GET /embed/<token> puts in the page (§23). */
interface EmbedBootstrap {
  token: string;
  mode: 'design' | 'form';
  templateId: string | null;
  allowedOrigins: string[];
  permissions: { save: boolean; addLayers: boolean; uploadFonts: boolean; uploadAssets: boolean; layers: string[] | null };
  templateSchema: JsonSchema | null;
}

const bootstrap = JSON.parse(document.getElementById('pictor-embed')!.textContent!) as EmbedBootstrap;
const channel = createParentChannel(bootstrap.allowedOrigins);

// The same studio as the dashboard's, with this session's token as its credential (a header: a
// cross-site frame sends no cookies) and only the controls its permissions allow.
setStudioHost({
  embedded: true,
  permissions: bootstrap.permissions,
  headers: () => ({ authorization: `Bearer ${bootstrap.token}` }),
  credentials: 'omit',
  saved: (template) => channel.notify({ type: 'pictor:saved', templateId: template.id, version: template.version }),
});

const root = document.getElementById('studio')!;
root.textContent = '';
if (bootstrap.mode === 'form') {
  render(<EmbedForm templateId={bootstrap.templateId!} layers={bootstrap.permissions.layers} channel={channel} />, root);
} else {
  render(<Editor schema={bootstrap.templateSchema!} templateId={bootstrap.templateId} />, root);
  channel.notify({ type: 'pictor:ready' });
}
