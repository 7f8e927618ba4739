import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import { stringify } from 'qs';
import type { paths } from './openapi-types';

export type * from './openapi-types';

export interface PictorClientOptions {
  /** Where Pictor is served, e.g. `https://images.example.com` (no trailing slash needed). */
  baseUrl: string;
  /** An API key (`sk_…`); omit for the public endpoints only. */
  apiKey?: string;
  /** Another fetch (tests, proxies); defaults to the global one. */
  fetch?: ClientOptions['fetch'];
  headers?: Record<string, string>;
}

export type PictorClient = Client<paths>;

/**
 * A typed client for the Pictor API: paths, parameters, bodies and answers are checked by the
 * compiler against the OpenAPI document this build serves.
 *
 *   const pictor = createPictorClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.PICTOR_KEY });
 *   const { data, error } = await pictor.POST('/api/generate', { body: { templateId, layers: { title: { text: 'Hi' } } } });
 */
export function createPictorClient(options: PictorClientOptions): PictorClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}), ...options.headers },
    // GET /api/render takes overrides as layers[<name>][<field>]=<value>, two levels deep (qs form).
    querySerializer: (query) => stringify(query, { encodeValuesOnly: true, skipNulls: true }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
