import { PDFDocument, type SKRSContext2D } from '@napi-rs/canvas';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PdfConcatenation, PdfFormatError } from './pdf-concatenation';

/** A Skia PDF whose pages say `texts`, with a link, a text that looks like a reference, and a shared font. */
function skiaPdf(texts: string[], size = { width: 300, height: 200 }): Buffer {
  const document = new PDFDocument({ producer: 'Pictor', creator: 'Pictor' });
  for (const text of texts) {
    const ctx = document.beginPage(size.width, size.height) as unknown as SKRSContext2D;
    ctx.fillStyle = '#336699';
    ctx.fillRect(10, 10, 50, 50);
    ctx.font = '20px sans-serif';
    ctx.fillStyle = '#000000';
    ctx.fillText(text, 20, size.height / 2);
    ctx.annotateLinkUrl(10, 10, 60, 60, 'https://example.com/(1 0 R)');
    document.endPage();
  }
  return document.close();
}

describe('PdfConcatenation', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'pdf-concat-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };
  const join2 = (sources: Buffer[]) => {
    const concatenation = new PdfConcatenation();
    return Buffer.concat([...sources.map((source) => concatenation.append(source)), concatenation.finish()]);
  };

  it('joins the pages of several PDFs in order into one valid PDF, each page at its own size', () => {
    const joined = join2([skiaPdf(['first 1 0 R']), skiaPdf(['second', 'third']), skiaPdf(['fourth'], { width: 150, height: 90 })]);
    const path = write('joined.pdf', joined);
    expect(() => execFileSync('qpdf', ['--check', path], { stdio: 'pipe' })).not.toThrow();
    expect(execFileSync('pdfinfo', [path]).toString()).toMatch(/Pages:\s+4\n/);
    const pages = [1, 2, 3, 4].map((page) =>
      execFileSync('pdftotext', ['-f', String(page), '-l', String(page), path, '-'])
        .toString()
        .trim(),
    );
    expect(pages).toEqual(['first 1 0 R', 'second', 'third', 'fourth']);
    expect(execFileSync('pdfinfo', ['-f', '4', '-l', '4', path]).toString()).toMatch(/Page\s+4 size:\s+150 x 90 pts/);
    // The links survive the renumbering: each page's /Annots points at its link (qpdf --check resolved them).
    expect(joined.toString('latin1').match(/\/Annots \[\d+ 0 R\]/g)).toHaveLength(4);
    expect(joined.toString('latin1').match(/\/URI \(https:\/\/example\.com\//g)).toHaveLength(4);
  });

  it('refuses what is not a PDF of ours rather than copy it wrong', () => {
    expect(() => new PdfConcatenation().append(Buffer.from('not a pdf'))).toThrow(PdfFormatError);
    const broken = skiaPdf(['x']);
    expect(() => new PdfConcatenation().append(broken.subarray(0, broken.length - 200))).toThrow(PdfFormatError);
  });
});
