import { ApiError, SavedTemplate } from '../api';
import { studioHost } from '../host';

async function send(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { ...studioHost().headers() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(path, { method, headers, credentials: studioHost().credentials, body: body === undefined ? undefined : JSON.stringify(body), signal });
}

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  return new ApiError({ status: response.status, code: body.code ?? 'error', message: body.message ?? response.statusText });
}

export type Overrides = Record<string, Record<string, unknown>>;

/** The form's calls (§23): its template, the server's drawing with the person's values, and the render. */
export const embedApi = {
  template: async (id: string): Promise<SavedTemplate> => {
    const response = await send('GET', `/api/templates/${encodeURIComponent(id)}`, undefined);
    if (!response.ok) throw await failure(response);
    return (await response.json()) as SavedTemplate;
  },
  preview: async (template: SavedTemplate, layers: Overrides, width: number, signal: AbortSignal): Promise<Blob> => {
    const { name, width: templateWidth, height, background, publicRender } = template;
    const design = { name, width: templateWidth, height, background, publicRender, layers: template.layers };
    const response = await send('POST', '/api/templates/preview', { template: design, layers, width }, signal);
    if (!response.ok) throw await failure(response);
    return response.blob();
  },
  render: async (templateId: string, layers: Overrides): Promise<{ imageUrl: string }> => {
    const response = await send('POST', '/api/generate', { templateId, layers });
    if (!response.ok) throw await failure(response);
    return (await response.json()) as { imageUrl: string };
  },
};
