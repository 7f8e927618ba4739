/** A family as `GET /api/fonts` lists it (§14). */
export interface FontFamilyInfo {
  family: string;
  source: 'builtin' | 'account';
  weights: number[];
  styles: string[];
}

export interface Choice {
  value: string;
  label: string;
}

const WEIGHT_NAMES: Record<number, string> = {
  100: 'Thin',
  200: 'Extra light',
  300: 'Light',
  400: 'Regular',
  500: 'Medium',
  600: 'Semibold',
  700: 'Bold',
  800: 'Extra bold',
  900: 'Black',
};

/** `fontWeight` as a number: the keywords `normal` and `bold` are 400 and 700 (CSS). */
export function numericWeight(value: unknown): number | null {
  if (value === 'normal' || value === undefined || value === null) return 400;
  if (value === 'bold') return 700;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export const weightLabel = (weight: number) => `${weight} ${WEIGHT_NAMES[weight] ?? ''}`.trim();

/** The family's info, matched like the server does (case-insensitively); null while the list is loading or unknown. */
export function familyOf(fonts: readonly FontFamilyInfo[], family: string): FontFamilyInfo | null {
  const key = family.trim().toLowerCase();
  return fonts.find((font) => font.family.toLowerCase() === key) ?? null;
}

/**
 * The weights the family really has, as choices. A weight the layer holds that the family lacks stays choosable
 * and says what will be drawn (CSS matching picks the nearest face), so opening a panel never changes a design.
 */
export function weightChoices(info: FontFamilyInfo | null, current: unknown): Choice[] {
  const weights = info?.weights.length ? info.weights : [400, 700];
  const choices = weights.map((weight) => ({ value: String(weight), label: weightLabel(weight) }));
  const held = numericWeight(current);
  if (held !== null && !weights.includes(held)) {
    const nearest = nearestWeight(weights, held);
    choices.push({ value: String(held), label: `${weightLabel(held)} (not in this family: draws ${nearest})` });
    choices.sort((a, b) => Number(a.value) - Number(b.value));
  }
  return choices;
}

/** CSS font matching's nearest weight, simplified: the closest, the heavier one on a tie above 500. */
export function nearestWeight(weights: readonly number[], wanted: number): number {
  return [...weights].sort((a, b) => Math.abs(a - wanted) - Math.abs(b - wanted) || (wanted > 500 ? b - a : a - b))[0];
}

/** Styles: normal always; italic said to be synthesized (drawn oblique) when the family has no italic face (§14). */
export function styleChoices(info: FontFamilyInfo | null): Choice[] {
  const hasItalic = info?.styles.includes('italic') ?? false;
  return [
    { value: 'normal', label: 'Normal' },
    { value: 'italic', label: hasItalic ? 'Italic' : 'Italic (synthesized oblique)' },
  ];
}
