import { render } from 'preact';
import { Editor } from './editor';
import type { JsonSchema } from './state/schema-form';
import './styles.css';

const root = document.getElementById('studio')!;
const schema = JSON.parse(document.getElementById('template-schema')!.textContent!) as JsonSchema;
root.textContent = '';
render(<Editor schema={schema} templateId={root.dataset.templateId || null} />, root);
