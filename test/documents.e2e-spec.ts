import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, PlanarYUVLuminanceSource } from '@zxing/library';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { createAccount, createTemplate, sampleTemplate, TestAccount } from './support/factories';
import { HttpFixtureServer } from './support/http-fixture-server';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Documents (§21) checked by readers that are not Pictor's code: poppler (pdfinfo, pdftotext, pdffonts, pdfimages,
 * pdftoppm), qpdf, Debian's chromium for SVG, zbar for linear barcodes and ZXing for Data Matrix and PDF417.
 */
const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Mean absolute difference per channel (0–255) of two same-sized images, alpha dropped. */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [left, right] = await Promise.all([a, b].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  expect({ width: left.info.width, height: left.info.height }).toEqual({ width: right.info.width, height: right.info.height });
  let total = 0;
  for (let index = 0; index < left.data.length; index++) total += Math.abs(left.data[index] - right.data[index]);
  return total / left.data.length;
}

/** A photo-like 800×800 image: gradients, so a PNG pasted in its place would be large and visible. */
async function photo(): Promise<Buffer> {
  const size = 800;
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) pixels.set([(x * 255) / size, (y * 255) / size, ((x + y) * 127) / size], (y * size + x) * 3);
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

/** ZXing's reading of a greyscale crop, limited to one format. */
async function zxing(png: Buffer, area: { left: number; top: number; width: number; height: number }, format: BarcodeFormat): Promise<string> {
  const { data, info } = await sharp(png).extract(area).greyscale().raw().toBuffer({ resolveWithObject: true });
  const source = new PlanarYUVLuminanceSource(new Uint8ClampedArray(data), info.width, info.height, 0, 0, info.width, info.height, false);
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [format]],
      [DecodeHintType.TRY_HARDER, true],
    ]),
  );
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
}

const BARCODES: Array<{ symbology: string; text: string; zbar?: string }> = [
  { symbology: 'code128', text: 'PICTOR-128', zbar: 'CODE-128' },
  { symbology: 'code39', text: 'PICTOR-39', zbar: 'CODE-39' },
  { symbology: 'ean13', text: '5901234123457', zbar: 'EAN-13' },
  { symbology: 'ean8', text: '96385074', zbar: 'EAN-8' },
  { symbology: 'upca', text: '036000291452', zbar: 'UPC-A' },
  { symbology: 'itf14', text: '15400141288763', zbar: 'I2/5' },
  { symbology: 'datamatrix', text: 'https://pictor.example/t/42?seat=A7' },
  { symbology: 'pdf417', text: 'PICTOR TICKET 42 SEAT A7' },
];
const CELL = { width: 400, height: 220 };
const barcodeLayers = BARCODES.map(({ symbology, text }, index) => ({
  name: symbology,
  type: 'barcode',
  symbology,
  text,
  x: 20 + (index % 4) * (CELL.width + 20),
  y: 20 + Math.floor(index / 4) * (CELL.height + 20),
  ...CELL,
}));

describe('Documents: PDF, SVG and barcodes (§21)', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let cardId: string;
  let codesId: string;
  let images: HttpFixtureServer;
  let browser: Browser;
  let work: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'pictor-documents-'));
    const picture = await photo();
    images = new HttpFixtureServer();
    images.route('/photo.png', (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(picture));
    const imagesUrl = await images.start();
    testApp = await startTestApp({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
    owner = await createAccount(testApp, { plan: 'pro' });
    const card = sampleTemplate() as { layers: Array<Record<string, unknown>> };
    card.layers = card.layers.map((layer) => (layer.name === 'avatar' ? { ...layer, imageUrl: `${imagesUrl}/photo.png` } : layer));
    card.layers.push({
      name: 'cta',
      type: 'text',
      x: 80,
      y: 480,
      width: 600,
      height: 60,
      text: 'Read the post',
      fontSize: 40,
      color: '#38bdf8',
      link: 'https://pictor.example/post',
    });
    cardId = await createTemplate(testApp, owner.apiKey, card);
    codesId = await createTemplate(testApp, owner.apiKey, { name: 'Codes', width: 1700, height: 500, background: '#ffffff', layers: barcodeLayers });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
    await images?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const generate = (body: Record<string, unknown>) => testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { layers: {}, ...body } });

  /** Renders, fetches the file through its imageUrl, and writes it to the work folder. */
  async function rendered(body: Record<string, unknown>, file: string) {
    const answer = await generate(body);
    expect(answer.status).toBe(200);
    const image = await testApp.request('GET', new URL(answer.body.imageUrl).pathname);
    expect(image.status).toBe(200);
    writeFileSync(join(work, file), image.bytes);
    return { answer, image, path: join(work, file) };
  }

  it('draws the sample card as a vector PDF: page size in pt, text as text, subset fonts, images at most 2× their drawn size, valid', async () => {
    // A colon between digits and a hyphen between capitals are contextual alternates in Inter: they must still extract.
    const title = 'Doors 14:30, PS26-A7 documents';
    const { answer, image, path } = await rendered({ templateId: cardId, format: 'pdf', layers: { title: { text: title } } }, 'card.pdf');
    expect(answer.body.imageUrl).toMatch(/\/[0-9a-f]{64}\.pdf$/);
    expect(answer.body).not.toHaveProperty('warnings');
    expect(image.headers.get('content-type')).toBe('application/pdf');

    const info = run('pdfinfo', [path]);
    expect(info).toMatch(/Pages:\s+1\n/);
    // 1200×630 px at 0.75 pt/px is 900×472.5 pt; Skia's PDF backend rounds a page's size to whole points.
    const [, pageWidth, pageHeight] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!.map(Number);
    expect(Math.abs(pageWidth - 900)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(pageHeight - 472.5)).toBeLessThanOrEqual(0.5);

    // The title wraps onto two lines: compare with line breaks as spaces.
    const text = run('pdftotext', [path, '-']).replace(/\s+/g, ' ');
    expect(text).toContain(title);
    expect(text).toContain('Read the post');

    const fonts = run('pdffonts', [path]).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const row of fonts) {
      // name type… emb sub uni: every font embedded as a subset (ABCDEF+Name)
      expect(row).toMatch(/^[A-Z]{6}\+\S+.*\byes\s+yes\s+yes\b/);
    }

    // qpdf exits non-zero on a damaged file.
    expect(run('qpdf', ['--check', path])).toContain('No syntax or stream encoding errors');

    // The avatar is drawn at 120×120 px: embedded at most 240 px a side (the fetched photo is 800).
    const listed = run('pdfimages', ['-list', path]).split('\n').slice(2).filter(Boolean);
    expect(listed.length).toBeGreaterThan(0);
    for (const row of listed) {
      const [, , , width, height] = row.trim().split(/\s+/);
      expect(Number(width)).toBeLessThanOrEqual(240);
      expect(Number(height)).toBeLessThanOrEqual(240);
    }
  });

  it('a PDF rasterized at the output size by poppler looks like the PNG of the same request', async () => {
    const body = { templateId: cardId, layers: { title: { text: 'Same layout, same colours' } } };
    const { path } = await rendered({ ...body, format: 'pdf' }, 'compare.pdf');
    const png = await rendered({ ...body, format: 'png' }, 'compare.png');
    run('pdftoppm', ['-png', '-scale-to-x', '1200', '-scale-to-y', '630', '-singlefile', path, join(work, 'compare-pdf')]);
    const poppler = readFileSync(join(work, 'compare-pdf.png'));
    expect(await sharp(poppler).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect(await meanDifference(poppler, png.image.bytes)).toBeLessThan(2);
  });

  it('ignores quality for PDF and SVG (same file), and writes PDF/A-2b when pdf.archival is set', async () => {
    const plain = await generate({ templateId: cardId, format: 'pdf' });
    const withQuality = await generate({ templateId: cardId, format: 'pdf', quality: 40 });
    expect(withQuality.body.imageUrl).toBe(plain.body.imageUrl);
    const svg = await generate({ templateId: cardId, format: 'svg' });
    expect((await generate({ templateId: cardId, format: 'svg', quality: 40 })).body.imageUrl).toBe(svg.body.imageUrl);

    const { answer, path } = await rendered({ templateId: cardId, format: 'pdf', pdf: { archival: true } }, 'archival.pdf');
    expect(answer.body.imageUrl).not.toBe(plain.body.imageUrl);
    const metadata = run('pdfinfo', ['-meta', path]);
    expect(metadata).toMatch(/<pdfaid:part>2<\/pdfaid:part>/);
    expect(metadata).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    const plainPath = join(work, 'plain.pdf');
    writeFileSync(plainPath, (await testApp.request('GET', new URL(plain.body.imageUrl).pathname)).bytes);
    expect(run('pdfinfo', ['-meta', plainPath])).not.toContain('pdfaid');

    expect((await generate({ templateId: cardId, format: 'pdf', pdf: { archival: 'yes' } })).status).toBe(400);
    expect((await generate({ templateId: cardId, format: 'pdf', pdf: { archival: true, pages: 2 } })).status).toBe(400);
  });

  it("makes a text layer's box a link annotation in a PDF, overridable; refuses links that are not http(s)", async () => {
    const { path } = await rendered({ templateId: cardId, format: 'pdf' }, 'link.pdf');
    expect(run('pdfinfo', ['-url', path])).toMatch(/1\s+Annotation\s+https:\/\/pictor\.example\/post\n/);
    // The annotation covers the layer's box (80,480 600×60 px → pt, PDF y from the bottom of the 472.5 pt page).
    const objects = JSON.stringify(JSON.parse(run('qpdf', ['--json', path])));
    const rect = /"\/Rect":\[([^\]]+)\]/.exec(objects)![1].split(',').map(Number);
    expect(rect.map((value) => Math.round(value))).toEqual([60, 68, 510, 113]);

    const { path: overridden } = await rendered({ templateId: cardId, format: 'pdf', layers: { cta: { link: 'http://pictor.example/other' } } }, 'link2.pdf');
    expect(run('pdfinfo', ['-url', overridden])).toContain('http://pictor.example/other');

    for (const link of ['javascript:alert(1)', 'file:///etc/passwd', 'ftp://pictor.example/x', 'not a url']) {
      const save = await testApp.request('POST', '/api/templates', {
        apiKey: owner.apiKey,
        body: sampleTemplate({ layers: [{ name: 't', type: 'text', width: 100, height: 40, text: 'x', link }] }),
      });
      expect(save.status).toBe(400);
      expect(save.body.code).toBe('validation_failed');
      const override = await generate({ templateId: cardId, format: 'pdf', layers: { cta: { link } } });
      expect(override.status).toBe(400);
      expect(override.body.code).toBe('validation_failed');
    }
  });

  it('draws SVG with text as outlines, served with a CSP and nosniff; chromium draws it like the PNG', async () => {
    const body = { templateId: cardId, layers: { title: { text: 'Vector all the way' } } };
    const { image } = await rendered({ ...body, format: 'svg' }, 'card.svg');
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = image.bytes.toString('utf8');
    expect(svg).toMatch(/^<\?xml[^>]*>\s*<svg /);
    expect(svg).not.toMatch(/<text[\s>]/);
    expect(svg).not.toMatch(/<script/i);
    // The avatar is embedded, not fetched: images are data: URIs (the link's <a> is the only http reference).
    expect(svg).toMatch(/<image [^>]*xlink:href="data:image\/png;base64,/);
    expect(svg.match(/href="https?:[^"]*"/g)).toEqual(['href="https://pictor.example/post"']);
    expect(svg).toMatch(/<a xlink:href="https:\/\/pictor\.example\/post">/);

    const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
    try {
      await page.setContent(
        `<html><body style="margin:0"><img style="display:block" src="data:image/svg+xml;base64,${image.bytes.toString('base64')}"></body></html>`,
      );
      await page.waitForFunction(() => document.images[0].complete && document.images[0].naturalWidth > 0);
      const shot = await page.screenshot({ clip: { x: 0, y: 0, width: 1200, height: 630 } });
      const png = await rendered({ ...body, format: 'png' }, 'svg-compare.png');
      expect(await meanDifference(shot, png.image.bytes)).toBeLessThan(3);
    } finally {
      await page.close();
    }

    // The public render serves SVG with the same headers.
    const publicAnswer = await testApp.request('GET', `/api/render?templateId=${cardId}&format=svg`);
    expect(publicAnswer.status).toBe(200);
    expect(publicAnswer.headers.get('content-type')).toBe('image/svg+xml');
    expect(publicAnswer.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    expect(publicAnswer.headers.get('x-content-type-options')).toBe('nosniff');
    // Raster formats get neither.
    const pngAnswer = await testApp.request('GET', `/api/render?templateId=${cardId}&format=png`);
    expect(pngAnswer.headers.get('content-security-policy')).toBeNull();
  });

  it('documents the formats, the pdf option, the link and the barcode layer in the OpenAPI document', async () => {
    const document = (await testApp.request('GET', '/api/openapi.json')).text;
    for (const needle of ['application/pdf', 'image/svg+xml', '"pdf"', '"svg"', '"barcode"', '"datamatrix"', '"archival"', '"link"', 'barcode_invalid'])
      expect({ needle, found: document.includes(needle) }).toEqual({ needle, found: true });
  });

  it('accepts pdf and svg in a batch and from a public GET', async () => {
    const batch = await testApp.request('POST', '/api/generate/batch', {
      apiKey: owner.apiKey,
      body: {
        items: [
          { templateId: cardId, layers: {}, format: 'pdf' },
          { templateId: cardId, layers: {}, format: 'svg' },
        ],
      },
    });
    expect(batch.status).toBe(200);
    expect(batch.body.data[0]).toMatchObject({ success: true, imageUrl: expect.stringMatching(/\.pdf$/) });
    expect(batch.body.data[1]).toMatchObject({ success: true, imageUrl: expect.stringMatching(/\.svg$/) });
    const pdf = await testApp.request('GET', `/api/render?templateId=${cardId}&format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const archival = await testApp.request('GET', `/api/render?templateId=${cardId}&format=pdf&pdf[archival]=true`);
    expect(archival.status).toBe(200);
    expect(archival.bytes.toString('latin1')).toContain('<pdfaid:part>2</pdfaid:part>');
    expect((await testApp.request('GET', `/api/render?templateId=${cardId}&format=pdf&pdf[archival]=yes`)).status).toBe(400);
    expect((await testApp.request('GET', `/api/render?templateId=${cardId}&format=pdf&pdf=1`)).status).toBe(400);
  });

  it('draws every symbology so that a standard reader decodes it to its value (zbar: linear; ZXing: Data Matrix, PDF417)', async () => {
    const { image, answer } = await rendered({ templateId: codesId, format: 'png' }, 'codes.png');
    expect(answer.body).not.toHaveProperty('warnings');
    mkdirSync(join(work, 'crops'), { recursive: true });
    for (const [index, { symbology, text, zbar }] of BARCODES.entries()) {
      const layer = barcodeLayers[index];
      const area = { left: layer.x, top: layer.y, width: layer.width, height: layer.height };
      if (zbar) {
        const crop = join(work, 'crops', `${symbology}.png`);
        await sharp(image.bytes).extract(area).extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' }).toFile(crop);
        // UPC-A is read as UPC-A only when asked; otherwise zbar reports it as EAN-13 with a leading 0.
        expect(run('zbarimg', ['--quiet', '-Supca.enable', crop]).trim()).toBe(`${zbar}:${text}`);
      } else {
        const format = symbology === 'datamatrix' ? BarcodeFormat.DATA_MATRIX : BarcodeFormat.PDF_417;
        expect(await zxing(image.bytes, area, format)).toBe(text);
      }
    }
    expect(readdirSync(join(work, 'crops'))).toHaveLength(6);
  });

  it('keeps barcodes vector in a PDF (no image in the file) with the human-readable value as text', async () => {
    const { path } = await rendered({ templateId: codesId, format: 'pdf' }, 'codes.pdf');
    expect(run('pdfimages', ['-list', path]).split('\n').slice(2).filter(Boolean)).toEqual([]);
    expect(run('pdftotext', [path, '-'])).toContain('5901234123457');
    expect(run('qpdf', ['--check', path])).toContain('No syntax or stream encoding errors');
    // Rasterized by poppler, the EAN-13 still scans.
    run('pdftoppm', ['-png', '-scale-to-x', '1700', '-scale-to-y', '500', '-singlefile', path, join(work, 'codes-pdf')]);
    const crop = join(work, 'ean-from-pdf.png');
    const ean = barcodeLayers[2];
    await sharp(join(work, 'codes-pdf.png')).extract({ left: ean.x, top: ean.y, width: ean.width, height: ean.height }).toFile(crop);
    expect(run('zbarimg', ['--quiet', crop]).trim()).toBe('EAN-13:5901234123457');
  });

  it('refuses values a symbology cannot encode at save (400) and skips them from an override (barcode_invalid)', async () => {
    const save = (layer: Record<string, unknown>) =>
      testApp.request('POST', '/api/templates', {
        apiKey: owner.apiKey,
        body: sampleTemplate({ layers: [{ name: 'code', type: 'barcode', width: 300, height: 150, ...layer }] }),
      });
    const wrongCheck = await save({ symbology: 'ean13', text: '5901234123458' });
    expect(wrongCheck.status).toBe(400);
    expect(wrongCheck.body.code).toBe('validation_failed');
    expect(JSON.stringify(wrongCheck.body)).toContain('check digit');
    expect((await save({ symbology: 'ean8', text: '1234' })).status).toBe(400);
    expect((await save({ symbology: 'code39', text: 'lower case' })).status).toBe(400);
    expect((await save({ symbology: 'code128', text: 'x'.repeat(10_000) })).status).toBe(400);
    expect((await save({ symbology: 'qr', text: 'x' })).status).toBe(400);
    // Twelve digits: the check digit is added.
    expect((await save({ symbology: 'ean13', text: '590123412345' })).status).toBe(201);

    const overridden = await generate({ templateId: codesId, layers: { ean13: { text: '5901234123458' } } });
    expect(overridden.status).toBe(200);
    expect(overridden.body.warnings).toEqual([{ code: 'barcode_invalid', layer: 'ean13', message: expect.stringContaining('check digit') }]);
    const tooLong = await generate({ templateId: codesId, layers: { code128: { text: 'x'.repeat(10_000) } } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe('validation_failed');
  });
});
