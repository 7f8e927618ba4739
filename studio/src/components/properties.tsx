import { useMemo, useState } from 'preact/hooks';
import type { Change } from '../hooks/use-template-document';
import { useFonts } from '../hooks/use-fonts';
import { Design, Layer, nameConflict, replaceLayer } from '../state/design';
import { familyOf, numericWeight, styleChoices, weightChoices } from '../state/font-faces';
import { layerFieldLabel } from '../state/labels';
import { groupFields, isWide } from '../state/property-groups';
import { FormField, fieldsOf, JsonSchema, layerSchema, valueAt, withValue } from '../state/schema-form';
import type { Span } from '../state/spans';
import { FieldInput } from './field-input';
import { ChoiceField } from './properties/choice-field';
import { LangField } from './properties/lang-field';
import { PropertySection } from './properties/property-section';
import { SpansEditor } from './properties/spans-editor';
import './properties/properties.css';

export interface PropertiesProps {
  schema: JsonSchema;
  layer: Layer;
  index: number;
  design: Design;
  change: Change;
  errors: Map<string, string>;
  onDelete: () => void;
  /** The layer was renamed (it stays selected). */
  onRename: (name: string) => void;
}

/**
 * The selected layer's fields, generated from its schema and grouped into collapsible sections (position and size
 * in a grid; typography with the family's real weights and styles; fill, stroke and shadow; styled runs as a list).
 * A field no section claims still gets the generic input, under `More`.
 */
export function Properties({ schema, layer, index, design, change, errors, onDelete, onRename }: PropertiesProps) {
  const variant = layerSchema(schema, layer.type);
  const fields = useMemo(() => (variant ? fieldsOf(variant) : []).map(layerFieldLabel), [variant]);
  // Which sections start open is decided at the selection's first look (the panel is keyed by the selection).
  const [present] = useState(() => new Set(Object.keys(layer)));
  const sections = useMemo(() => groupFields(fields, present), [fields, present]);
  const fonts = useFonts();
  // A name another layer has is refused at the field: applied, it would break the selection and the save.
  const refuseName = (value: unknown) => (typeof value === 'string' ? nameConflict(design, index, value) : undefined);
  const update = (field: FormField, value: unknown) => {
    const next = withValue(layer, field.path, value);
    change(replaceLayer(design, index, next), `field:${index}:${field.path.join('.')}`);
    if (field.key === 'name' && typeof value === 'string') onRename(value);
  };
  const errorAt = (path: string) => errors.get(`layers.${index}.${path}`);
  const familyValue = layer.fontFamily ?? fields.find((field) => field.key === 'fontFamily')?.defaultValue;
  const family = typeof familyValue === 'string' ? familyValue : '';
  const info = familyOf(fonts, family);

  const input = (field: FormField) => {
    const id = `field-${field.path.join('-')}`;
    const value = valueAt(layer, field.path);
    const error = errorAt(field.path.join('.'));
    switch (field.key) {
      case 'fontWeight':
        return (
          <ChoiceField
            id={id}
            label={field.label}
            value={String(numericWeight(value ?? field.defaultValue) ?? value)}
            choices={weightChoices(info, value ?? field.defaultValue)}
            error={error}
            onChoose={(chosen) => update(field, Number(chosen))}
          />
        );
      case 'fontStyle':
        return (
          <ChoiceField
            id={id}
            label={field.label}
            value={typeof value === 'string' ? value : 'normal'}
            choices={styleChoices(info)}
            error={error}
            onChoose={(chosen) => update(field, chosen)}
          />
        );
      case 'lang':
        return <LangField id={id} value={typeof value === 'string' ? value : undefined} error={error} onValue={(chosen) => update(field, chosen)} />;
      case 'spans':
        return <SpansEditor spans={value as Span[] | undefined} layerFamily={family} errorsFor={errorAt} onValue={(spans) => update(field, spans)} />;
      default:
        return (
          <FieldInput
            field={field}
            value={value}
            id={id}
            error={error}
            onValue={(changed) => update(field, changed)}
            refuse={field.path.length === 1 && field.key === 'name' ? refuseName : undefined}
            errorsFor={errorAt}
          />
        );
    }
  };

  return (
    <section class="panel properties" aria-label={`Properties of ${layer.name}`}>
      <p class="muted">{layer.type} layer</p>
      {sections.map((section) => (
        <PropertySection key={section.id} id={section.id} title={section.title} open={section.open} grid={section.grid}>
          {section.fields.map((field) => (
            <div key={field.path.join('.')} class={section.grid && isWide(field) ? 'cell wide' : 'cell'}>
              {input(field)}
            </div>
          ))}
        </PropertySection>
      ))}
      <button type="button" class="danger" onClick={onDelete}>
        Delete layer
      </button>
    </section>
  );
}
