import { studioHost } from './host';
import type { Design, Layer } from './state/design';
import type { FontFamilyInfo } from './state/font-faces';

/** What a failed call rejects with: the API's error answer (`code`, `message`, `details`) and its status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: Array<{ path: string; message: string }>;

  constructor(answer: { status: number; code: string; message: string; details?: Array<{ path: string; message: string }> }) {
    super(answer.message);
    this.name = 'ApiError';
    this.status = answer.status;
    this.code = answer.code;
    this.details = answer.details;
  }
}

export interface SavedTemplate extends Design {
  id: string;
  version: number;
}

/** The studio calls the public API with its host's credentials: the dashboard session and its CSRF token, or an embed's token. */
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
  const host = studioHost();
  const init: RequestInit = { method, headers: { ...host.headers(), ...headers }, credentials: host.credentials, signal };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  return fetch(path, init);
}

async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { code?: string; message?: string; details?: ApiError['details'] };
    return new ApiError({ status: response.status, code: body.code ?? 'error', message: body.message ?? response.statusText, details: body.details });
  } catch {
    return new ApiError({ status: response.status, code: 'error', message: response.statusText || 'Request failed' });
  }
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw await errorOf(response);
  return (await response.json()) as T;
}

export const api = {
  getTemplate: async (id: string) => json<SavedTemplate>(await call('GET', `/api/templates/${encodeURIComponent(id)}`)),
  create: async (design: Design) => json<SavedTemplate>(await call('POST', '/api/templates', design)),
  update: async (id: string, design: Design, version: number) =>
    json<SavedTemplate>(await call('PATCH', `/api/templates/${encodeURIComponent(id)}`, design, { 'if-match': `"${version}"` })),
  fonts: async () => json<{ data: FontFamilyInfo[] }>(await call('GET', '/api/fonts')),
  uploadFont: async (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return json<{ family: string }>(await call('POST', '/api/fonts', form));
  },
  renderUrl: async (id: string, query: string) =>
    json<{ url: string; signed: boolean }>(await call('GET', `/api/templates/${encodeURIComponent(id)}/url${query ? `?${query}` : ''}`)),
  /** The server's drawing of the unsaved design; resolves to an image Blob. */
  preview: async (design: Design, width: number, signal: AbortSignal): Promise<Blob> => {
    const response = await call('POST', '/api/templates/preview', { template: design, layers: {}, width }, {}, signal);
    if (!response.ok) throw await errorOf(response);
    return response.blob();
  },
  /** §24: the account's images, newest first (the first page: at most 100). */
  assets: async () => json<{ data: Asset[]; nextCursor: string | null }>(await call('GET', '/api/assets?limit=100')),
  uploadAsset: async (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return json<Asset>(await call('POST', '/api/assets', form));
  },
  /** A small WebP of the asset (§24's Assets panel), as a Blob: an <img> cannot send the session's CSRF header. */
  assetThumbnail: async (id: string, signal?: AbortSignal): Promise<Blob> => {
    const response = await call('GET', `/api/assets/${encodeURIComponent(id)}/thumbnail`, undefined, {}, signal);
    if (!response.ok) throw await errorOf(response);
    return response.blob();
  },
  deleteAsset: async (id: string) => {
    const response = await call('DELETE', `/api/assets/${encodeURIComponent(id)}`);
    if (!response.ok) throw await errorOf(response);
  },
  /** The preview with the render's warnings (§24: the `X-Render-Warnings` header, percent-encoded JSON). */
  previewDrawing: async (design: Design, width: number, signal: AbortSignal): Promise<PreviewDrawing> => {
    const response = await call('POST', '/api/templates/preview', { template: design, layers: {}, width }, {}, signal);
    if (!response.ok) throw await errorOf(response);
    return { blob: await response.blob(), warnings: warningsOf(response.headers.get('x-render-warnings')) };
  },
};

export interface Asset {
  id: string;
  width: number;
  height: number;
  format: string;
  bytes: number;
  createdAt: string;
}

export interface RenderWarning {
  code: string;
  layer: string | null;
  message: string;
}

export interface PreviewDrawing {
  blob: Blob;
  warnings: RenderWarning[];
}

function warningsOf(header: string | null): RenderWarning[] {
  if (!header) return [];
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(header));
    return Array.isArray(parsed) ? (parsed as RenderWarning[]) : [];
  } catch {
    return [];
  }
}

export type { Layer };
