import sharp from 'sharp';
import { contractViolation } from './openapi-contract';
import type { TestApp } from './test-app';

export interface UploadAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON answer, checked by the assertions and the OpenAPI contract
  body: any;
}

/** POST /api/assets as multipart (fetch builds the form), the answer checked against the OpenAPI document. */
export async function uploadAsset(testApp: TestApp, apiKey: string, bytes: Buffer, fileName = 'image.bin'): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), fileName);
  const response = await fetch(`${testApp.baseUrl}/api/assets`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: form });
  const text = await response.text();
  const body: unknown = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
  const violation = contractViolation('POST', '/api/assets', {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body,
    hasBody: text.length > 0,
  });
  if (violation) throw new Error(`OpenAPI contract: ${violation}`);
  return { status: response.status, body };
}

/** A solid-colour image in `format`. */
export function solidImage(width: number, height: number, color: string, format: 'png' | 'jpeg' | 'webp' | 'avif' | 'gif' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A GIF bomb: a few hundred bytes whose logical screen and first image declare 30000×30000 (900 megapixels),
 * made by patching the sizes of a real 1×1 GIF (header at 6, image descriptor after the colour table).
 */
export async function gifBomb(): Promise<Buffer> {
  const gif = Buffer.from(await solidImage(1, 1, '#ff0000', 'gif'));
  gif.writeUInt16LE(30000, 6);
  gif.writeUInt16LE(30000, 8);
  const descriptor = gif.indexOf(0x2c, 13);
  gif.writeUInt16LE(30000, descriptor + 5);
  gif.writeUInt16LE(30000, descriptor + 7);
  return gif;
}
