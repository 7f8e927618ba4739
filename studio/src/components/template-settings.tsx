import type { Change } from '../hooks/use-template-document';
import { Design } from '../state/design';
import { fieldFor, JsonSchema, valueAt, withValue } from '../state/schema-form';
import { PUBLIC_RENDER_LABEL, TEMPLATE_LABELS } from '../state/labels';
import { FieldInput } from './field-input';
import { studioHost } from '../host';

/** The template's name, size, background and public render setting. */
export function TemplateSettings({ schema, design, change, errors }: { schema: JsonSchema; design: Design; change: Change; errors: Map<string, string> }) {
  const properties = schema.properties ?? {};
  const fields = Object.keys(TEMPLATE_LABELS)
    .filter((key) => properties[key])
    .map((key) => ({ ...fieldFor(key, properties[key], [key], true), label: TEMPLATE_LABELS[key] }));
  const publicRender = design.publicRender === 'signed' ? 'signed' : design.publicRender ? 'true' : 'false';
  return (
    <section class="panel" aria-labelledby="settings-title">
      <h2 id="settings-title">Template</h2>
      {fields.map((field) => (
        <FieldInput
          key={field.key}
          field={field}
          value={valueAt(design, field.path)}
          error={errors.get(field.key)}
          id={`template-${field.key}`}
          onValue={(value) => change(withValue(design, field.path, value), `template:${field.key}`)}
        />
      ))}
      {/* Who may render at the owner's cost is the owner's choice: an embed (§23) never changes it. */}
      <div class="field" hidden={studioHost().embedded}>
        <label for="template-public-render">{PUBLIC_RENDER_LABEL}</label>
        <select
          id="template-public-render"
          value={publicRender}
          onChange={(event) => {
            const value = (event.target as HTMLSelectElement).value;
            change({ ...design, publicRender: value === 'signed' ? 'signed' : value === 'true' });
          }}
        >
          <option value="true">Yes: GET /api/render works</option>
          <option value="signed">Signed URLs only</option>
          <option value="false">No</option>
        </select>
      </div>
    </section>
  );
}
