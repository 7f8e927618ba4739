import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, Asset } from '../api';
import { isUploadableImage } from '../state/assets';
import { AssetThumbnail } from './asset-thumbnail';
import './asset-thumbnail.css';

export interface AssetsPanelProps {
  /** Bumped by the editor after a drop uploaded an asset, so the list shows it. */
  refresh: number;
  /** Puts the asset in the selected image layer, or adds an image layer with it. */
  onPick: (asset: Asset) => void;
}

const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** §24: the account's images: upload, pick (into an image layer) and delete. Each failure is said here, nothing half-kept. */
export function AssetsPanel({ refresh, onPick }: AssetsPanelProps) {
  const [assets, setAssets] = useState<Asset[]>([]);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const load = () =>
    api.assets().then(
      (page) => setAssets(page.data),
      (error: ApiError) => setMessage({ kind: 'error', text: error.message }),
    );
  useEffect(() => void load(), [refresh]);

  const upload = async (file: File) => {
    if (!isUploadableImage(file)) {
      setMessage({ kind: 'error', text: `${file.name} is not a PNG, JPEG, WebP, AVIF or GIF image.` });
      return;
    }
    setBusy(true);
    try {
      const asset = await api.uploadAsset(file);
      setMessage({ kind: 'ok', text: `Uploaded ${file.name}.` });
      setAssets((current) => [asset, ...current]);
    } catch (error) {
      setMessage({ kind: 'error', text: `${file.name}: ${(error as ApiError).message}` });
    } finally {
      setBusy(false);
    }
  };
  const remove = async (asset: Asset) => {
    if (!window.confirm('Delete this image? Layers that use it will draw nothing.')) return;
    try {
      await api.deleteAsset(asset.id);
      setAssets((current) => current.filter((item) => item.id !== asset.id));
      setMessage({ kind: 'ok', text: 'Image deleted.' });
    } catch (error) {
      setMessage({ kind: 'error', text: (error as ApiError).message });
    }
  };

  return (
    <section class="panel assets" aria-label="Assets">
      <h2>Assets</h2>
      <label class="upload">
        Upload image
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp,image/avif,image/gif"
          disabled={busy}
          onChange={(event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            input.value = '';
            if (file) void upload(file);
          }}
        />
      </label>
      {message && (
        <p class={`status ${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {assets.length === 0 ? (
        <p class="muted">No images yet: upload one, or drop a file on the canvas.</p>
      ) : (
        <ul class="asset-list">
          {assets.map((asset) => (
            <li key={asset.id} data-asset={asset.id}>
              <AssetThumbnail asset={asset} />
              <span>
                {asset.width}×{asset.height} {asset.format.toUpperCase()} · {sizeOf(asset.bytes)}
              </span>
              <button type="button" onClick={() => onPick(asset)} aria-label={`Use image ${asset.id}`}>
                Use
              </button>
              <button type="button" class="secondary" onClick={() => void remove(asset)} aria-label={`Delete image ${asset.id}`}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
