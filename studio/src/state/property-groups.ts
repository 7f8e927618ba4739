import type { FormField } from './schema-form';

/** A section of the properties panel: a title, the fields it claims, and whether it starts open. */
export interface PropertySection {
  id: string;
  title: string;
  /** Laid out as a compact two-column grid (short numeric and choice fields). */
  grid: boolean;
  open: boolean;
  fields: FormField[];
}

interface SectionRule {
  id: string;
  title: string;
  keys: readonly string[];
  grid?: boolean;
  open: boolean;
}

/**
 * Which top-level layer field goes into which section, in the order shown. A field no rule claims (a new layer
 * type's own) lands in `More`, so every layer type still gets a complete form from its schema.
 */
const RULES: readonly SectionRule[] = [
  { id: 'layer', title: 'Layer', keys: ['name', 'opacity', 'hidden'], grid: true, open: true },
  { id: 'position', title: 'Position and size', keys: ['x', 'y', 'width', 'height', 'rotation'], grid: true, open: true },
  { id: 'content', title: 'Content', keys: ['text', 'imageUrl', 'fit', 'symbology', 'showText', 'errorCorrection', 'margin'], open: true },
  {
    id: 'typography',
    title: 'Typography',
    keys: [
      'fontFamily',
      'fontSize',
      'fontWeight',
      'fontStyle',
      'lineHeight',
      'letterSpacing',
      'align',
      'verticalAlign',
      'textTransform',
      'direction',
      'lang',
      'maxLines',
      'autoFit',
      'minFontSize',
    ],
    grid: true,
    open: true,
  },
  {
    id: 'appearance',
    title: 'Fill, stroke and shadow',
    keys: ['color', 'fill', 'gradient', 'borderColor', 'borderWidth', 'radius', 'strokeColor', 'strokeWidth', 'background', 'shadow'],
    grid: true,
    open: true,
  },
  { id: 'spans', title: 'Styled runs', keys: ['spans'], open: false },
];

/** Fields in the grid that still take a whole row (wide inputs, groups). */
export function isWide(field: FormField): boolean {
  return field.kind === 'group' || field.kind === 'json' || field.kind === 'textarea' || ['name', 'fontFamily', 'lang'].includes(field.key);
}

/**
 * The layer's fields, sectioned. `present` lists the layer's own keys: a section whose fields the layer uses
 * (e.g. styled runs it already has) starts open.
 */
export function groupFields(fields: readonly FormField[], present: ReadonlySet<string> = new Set()): PropertySection[] {
  const claimed = new Set<string>();
  const sections: PropertySection[] = [];
  for (const rule of RULES) {
    const own = rule.keys.map((key) => fields.find((field) => field.key === key)).filter((field): field is FormField => field !== undefined);
    own.forEach((field) => claimed.add(field.key));
    if (own.length === 0) continue;
    const used = !rule.open && own.some((field) => present.has(field.key));
    sections.push({ id: rule.id, title: rule.title, grid: rule.grid ?? false, open: rule.open || used, fields: own });
  }
  const rest = fields.filter((field) => !claimed.has(field.key));
  if (rest.length > 0) sections.push({ id: 'more', title: 'More', grid: false, open: rest.some((field) => present.has(field.key)), fields: rest });
  return sections;
}
