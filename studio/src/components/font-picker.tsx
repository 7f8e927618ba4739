import { useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { refreshFonts, useFonts } from '../hooks/use-fonts';
import { studioHost } from '../host';

/** The account's font families (`GET /api/fonts`), and an upload that adds one and picks it. */
export function FontPicker({ id, value, onValue, error }: { id: string; value: string; onValue: (value: unknown) => void; error?: string }) {
  const fonts = useFonts().map((font) => font.family);
  const [uploadMessage, setUploadMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const families = fonts.includes(value) || !value ? fonts : [value, ...fonts];
  const upload = async (event: Event) => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    try {
      const font = await api.uploadFont(file);
      await refreshFonts();
      onValue(font.family);
      setUploadMessage({ text: `Uploaded ${font.family}`, ok: true });
    } catch (caught) {
      setUploadMessage({ text: (caught as ApiError).message, ok: false });
    } finally {
      input.value = '';
    }
  };
  return (
    <div class="field font">
      <label for={id}>Font family</label>
      <select id={id} value={value} onChange={(event) => onValue((event.target as HTMLSelectElement).value)} aria-invalid={error ? true : undefined}>
        {families.map((family) => (
          <option key={family} value={family}>
            {family}
          </option>
        ))}
      </select>
      {studioHost().permissions.uploadFonts && (
        <label class="upload">
          Upload font
          <input type="file" accept=".ttf,.otf,.woff,.woff2,font/*" onChange={(event) => void upload(event)} />
        </label>
      )}
      {uploadMessage && (
        <p class={uploadMessage.ok ? 'field-ok' : 'field-error'} role={uploadMessage.ok ? 'status' : 'alert'}>
          {uploadMessage.text}
        </p>
      )}
      {error && <p class="field-error">{error}</p>}
    </div>
  );
}
