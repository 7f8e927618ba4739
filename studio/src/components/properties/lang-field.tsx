import { useState } from 'preact/hooks';
import { checkLanguageTag, COMMON_LANGUAGES, isCommonLanguage, OTHER_LANGUAGE } from '../../state/languages';

/** `lang`: a select of common BCP 47 tags by name, or "Other…" with a typed tag checked as the server checks it. */
export function LangField({
  id,
  value,
  error,
  onValue,
}: {
  id: string;
  value: string | undefined;
  error?: string;
  onValue: (value: string | undefined) => void;
}) {
  const held = value ?? '';
  const [other, setOther] = useState(held !== '' && !isCommonLanguage(held));
  const [draft, setDraft] = useState(held);
  const [local, setLocal] = useState<string | null>(null);
  const message = local ?? error;
  const choose = (choice: string) => {
    setLocal(null);
    if (choice === OTHER_LANGUAGE) {
      setOther(true);
      return;
    }
    setOther(false);
    onValue(choice === '' ? undefined : choice);
  };
  const type = (text: string) => {
    setDraft(text);
    const checked = checkLanguageTag(text);
    setLocal(checked.error ?? null);
    if (checked.tag) onValue(checked.tag);
  };
  return (
    <div class="field lang">
      <label for={id}>Lang</label>
      <select id={id} value={other ? OTHER_LANGUAGE : held} onChange={(event) => choose((event.target as HTMLSelectElement).value)}>
        <option value="">(not set: from the text)</option>
        {COMMON_LANGUAGES.map((language) => (
          <option key={language.tag} value={language.tag}>
            {language.name} ({language.tag})
          </option>
        ))}
        <option value={OTHER_LANGUAGE}>Other…</option>
      </select>
      {other && (
        <input
          type="text"
          id={`${id}-other`}
          aria-label="Other language tag"
          placeholder="BCP 47 tag, e.g. ar-EG"
          value={draft}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onInput={(event) => type((event.target as HTMLInputElement).value)}
        />
      )}
      {message && (
        <p class="field-error" id={`${id}-error`}>
          {message}
        </p>
      )}
    </div>
  );
}
