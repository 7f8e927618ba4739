import { useMemo } from 'preact/hooks';
import type { Change } from '../hooks/use-template-document';
import { Design, Layer, nameConflict, replaceLayer } from '../state/design';
import { layerFieldLabel } from '../state/labels';
import { FormField, fieldsOf, JsonSchema, layerSchema, valueAt, withValue } from '../state/schema-form';
import { FieldInput } from './field-input';

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

/** Every field of the selected layer, generated from its schema, with the API's messages under them. */
export function Properties({ schema, layer, index, design, change, errors, onDelete, onRename }: PropertiesProps) {
  const variant = layerSchema(schema, layer.type);
  const fields = useMemo(() => (variant ? fieldsOf(variant) : []).map(layerFieldLabel), [variant]);
  // A name another layer has is refused at the field: applied, it would break the selection and the save.
  const refuseName = (value: unknown) => (typeof value === 'string' ? nameConflict(design, index, value) : undefined);
  const update = (field: FormField, value: unknown) => {
    const next = withValue(layer, field.path, value);
    change(replaceLayer(design, index, next), `field:${index}:${field.path.join('.')}`);
    if (field.key === 'name' && typeof value === 'string') onRename(value);
  };
  return (
    <section class="panel properties" aria-label={`Properties of ${layer.name}`}>
      <p class="muted">{layer.type} layer</p>
      {fields.map((field) => (
        <FieldInput
          key={field.path.join('.')}
          field={field}
          value={valueAt(layer, field.path)}
          id={`field-${field.path.join('-')}`}
          error={errors.get(`layers.${index}.${field.path.join('.')}`)}
          onValue={(value) => update(field, value)}
          refuse={field.path.length === 1 && field.key === 'name' ? refuseName : undefined}
          errorsFor={(path) => errors.get(`layers.${index}.${path}`)}
        />
      ))}
      <button type="button" class="danger" onClick={onDelete}>
        Delete layer
      </button>
    </section>
  );
}
