import { useEffect, useState } from 'preact/hooks';
import { api, Asset } from '../api';

/** The asset's thumbnail, fetched with the studio's credentials and shown as a blob URL (freed when it goes). */
export function AssetThumbnail({ asset }: { asset: Asset }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    api.assetThumbnail(asset.id, controller.signal).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [asset.id]);
  const label = `${asset.width}×${asset.height} ${asset.format.toUpperCase()}`;
  if (url) return <img class="asset-thumb" src={url} alt={label} width={56} height={56} data-thumbnail="ready" />;
  return <span class={`asset-thumb ${failed ? 'failed' : 'loading'}`} role="img" aria-label={failed ? `${label} (no preview)` : label} />;
}
