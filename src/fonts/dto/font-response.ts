import type { FontFace } from '../entities/font-face.entity';
import { FONT_FAMILIES } from '../font-catalog';

/** §14: the answer to POST /api/fonts. */
export function toFontResponse(face: FontFace) {
  return {
    id: face.id,
    family: face.family,
    weight: face.weight,
    style: face.style,
    format: face.format,
    glyphs: face.glyphCount,
    createdAt: face.createdAt.toISOString(),
  };
}

/** §14: GET /api/fonts — the built-in families, then the account's own with their faces. */
export function toFontListResponse(faces: readonly FontFace[]) {
  const builtin = FONT_FAMILIES.filter((font) => font.selectable).map(({ family, weights, covers }) => ({
    family,
    source: 'builtin' as const,
    weights,
    styles: ['normal'],
    covers,
  }));
  const byFamily = new Map<string, FontFace[]>();
  for (const face of faces) byFamily.set(face.familyKey, [...(byFamily.get(face.familyKey) ?? []), face]);
  const account = [...byFamily.values()].map((familyFaces) => ({
    family: familyFaces[familyFaces.length - 1].family,
    source: 'account' as const,
    weights: [...new Set(familyFaces.map((face) => face.weight))].sort((a, b) => a - b),
    styles: [...new Set(familyFaces.map((face) => face.style))].sort(),
    faces: familyFaces.map(({ id, weight, style }) => ({ id, weight, style })),
  }));
  return {
    data: [...builtin, ...account],
    fallbacks: FONT_FAMILIES.filter((font) => !font.selectable).map(({ family, covers }) => ({ family, covers })),
  };
}
