import { checkLanguageTag, COMMON_LANGUAGES, isCommonLanguage } from './languages';

describe('language tags', () => {
  it('accepts well-formed tags, canonicalised', () => {
    expect(checkLanguageTag(' ar-eg ')).toEqual({ tag: 'ar-EG' });
    expect(checkLanguageTag('sr-Latn')).toEqual({ tag: 'sr-Latn' });
  });

  it('refuses what the server would refuse, with a message', () => {
    expect(checkLanguageTag('english please').error).toMatch(/not a BCP 47 language tag/);
    expect(checkLanguageTag('').error).toMatch(/Type a language tag/);
    expect(checkLanguageTag('x'.repeat(36)).error).toMatch(/at most 35/);
  });

  it('lists only canonical, distinct tags', () => {
    const tags = COMMON_LANGUAGES.map((language) => language.tag);
    expect(new Set(tags).size).toBe(tags.length);
    for (const tag of tags) expect(checkLanguageTag(tag)).toEqual({ tag });
    expect(isCommonLanguage('ja')).toBe(true);
    expect(isCommonLanguage('tlh')).toBe(false);
  });
});
