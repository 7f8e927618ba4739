/** Common BCP 47 tags for a text layer's `lang`, with their names (what changes line breaking and fallback fonts). */
export const COMMON_LANGUAGES: ReadonlyArray<{ tag: string; name: string }> = [
  { tag: 'en', name: 'English' },
  { tag: 'en-US', name: 'English (United States)' },
  { tag: 'en-GB', name: 'English (United Kingdom)' },
  { tag: 'de', name: 'German' },
  { tag: 'fr', name: 'French' },
  { tag: 'es', name: 'Spanish' },
  { tag: 'it', name: 'Italian' },
  { tag: 'pt-BR', name: 'Portuguese (Brazil)' },
  { tag: 'nl', name: 'Dutch' },
  { tag: 'pl', name: 'Polish' },
  { tag: 'tr', name: 'Turkish' },
  { tag: 'ru', name: 'Russian' },
  { tag: 'uk', name: 'Ukrainian' },
  { tag: 'el', name: 'Greek' },
  { tag: 'ar', name: 'Arabic' },
  { tag: 'he', name: 'Hebrew' },
  { tag: 'fa', name: 'Persian' },
  { tag: 'hi', name: 'Hindi' },
  { tag: 'bn', name: 'Bengali' },
  { tag: 'ta', name: 'Tamil' },
  { tag: 'th', name: 'Thai' },
  { tag: 'vi', name: 'Vietnamese' },
  { tag: 'ja', name: 'Japanese' },
  { tag: 'ko', name: 'Korean' },
  { tag: 'zh-Hans', name: 'Chinese (Simplified)' },
  { tag: 'zh-Hant', name: 'Chinese (Traditional)' },
];

export const OTHER_LANGUAGE = '__other__';

export const isCommonLanguage = (tag: string) => COMMON_LANGUAGES.some((language) => language.tag === tag);

/**
 * A typed tag checked as the server checks it (one well-formed BCP 47 tag, at most 35 characters):
 * the canonical tag, or the message shown under the field.
 */
export function checkLanguageTag(raw: string): { tag?: string; error?: string } {
  const text = raw.trim();
  if (text === '') return { error: 'Type a language tag, e.g. "tr" or "ar-EG"' };
  if (text.length > 35) return { error: 'A language tag is at most 35 characters' };
  try {
    const canonical = Intl.getCanonicalLocales(text);
    if (canonical.length === 1) return { tag: canonical[0] };
  } catch {
    // a RangeError: not well-formed
  }
  return { error: `"${text}" is not a BCP 47 language tag, e.g. "tr" or "ar-EG"` };
}
