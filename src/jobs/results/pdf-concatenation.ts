/**
 * Joins PDFs written by our renderer (Skia: classic xref table, no object streams, no encryption) into one PDF, a
 * file at a time, as bytes to write in order: memory holds one source file plus, for the whole output, one offset
 * per object and one reference per page (the xref table and the page list, like a ZIP's central directory).
 *
 * Each source's pages are copied with every object they reach (content, fonts, images, annotations), renumbered
 * after the objects already written; its catalog, page-tree nodes and info are left out, and the pages hang under
 * the one page tree written at the end. Fonts are not shared between sources: each page keeps its own subsets.
 * Anything a Skia PDF does not contain (object streams, encryption, incremental updates, attributes inherited
 * from page-tree nodes) is refused with an error rather than copied wrong.
 */

/** Object numbers of the parts written last: catalog, page tree root, info. */
const CATALOG = 1;
const PAGES = 2;
const INFO = 3;
const HEADER = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';

export class PdfFormatError extends Error {}

interface SourceObject {
  number: number;
  /** The latin1 text of the object from `obj` to `stream` (or `endobj`): the part whose references are rewritten. */
  head: string;
  /** Everything after the head up to the next object: the stream's raw bytes, `endstream`, `endobj`. */
  tail: string;
  refs: number[];
}

export class PdfConcatenation {
  private readonly offsets: number[] = [];
  private readonly pages: number[] = [];
  private position = 0;
  private started = false;

  /** The number of pages appended so far. */
  get pageCount(): number {
    return this.pages.length;
  }

  /** Bytes to write for one source PDF (the header first, with the first source). */
  append(source: Buffer): Buffer {
    const text = source.toString('latin1');
    const objects = readObjects(text);
    const trailer = text.slice(text.lastIndexOf('trailer'));
    if (/\/(Encrypt|Prev)\b/.test(trailer)) throw new PdfFormatError('encrypted or incrementally updated PDF');
    const root = refAfter(trailer, 'Root');
    const info = /\/Info\b/.test(trailer) ? refAfter(trailer, 'Info') : null;
    const catalog = objectOf(objects, root);
    const treeNodes = new Set<number>();
    const pages: number[] = [];
    collectPages(objects, refAfter(catalog.head, 'Pages'), treeNodes, pages);
    // What the pages reach, without climbing back up the tree (their /Parent) or into the catalog.
    const left = new Set([root, ...treeNodes, ...(info === null ? [] : [info])]);
    const reached = new Set<number>();
    const queue = [...pages];
    while (queue.length > 0) {
      const number = queue.pop()!;
      if (reached.has(number) || left.has(number)) continue;
      reached.add(number);
      queue.push(...objectOf(objects, number).refs);
    }
    const renumbered = new Map<number, number>([[root, CATALOG], ...[...treeNodes].map((node): [number, number] => [node, PAGES])]);
    let next = INFO + 1 + this.offsets.length;
    for (const number of [...reached].sort((a, b) => a - b)) renumbered.set(number, next++);
    const chunks: string[] = [];
    if (!this.started) {
      this.started = true;
      chunks.push(HEADER);
      this.position = HEADER.length;
    }
    for (const number of [...reached].sort((a, b) => a - b)) {
      const object = objectOf(objects, number);
      const written = `${renumbered.get(number)} 0 obj${rewriteRefs(object.head, renumbered)}${object.tail}`;
      this.offsets.push(this.position);
      this.position += written.length;
      chunks.push(written);
    }
    for (const page of pages) this.pages.push(renumbered.get(page)!);
    return Buffer.from(chunks.join(''), 'latin1');
  }

  /** The page tree, catalog, info, xref table and trailer: the file's last bytes. */
  finish(): Buffer {
    const chunks: string[] = [];
    if (!this.started) {
      chunks.push(HEADER);
      this.position = HEADER.length;
    }
    const tail = new Map<number, string>([
      [CATALOG, '<</Type /Catalog\n/Pages 2 0 R>>'],
      [PAGES, `<</Type /Pages\n/Count ${this.pages.length}\n/Kids [${this.pages.map((page) => `${page} 0 R`).join(' ')}]>>`],
      [INFO, '<</Creator (Pictor)\n/Producer (Pictor)>>'],
    ]);
    const tailOffsets: number[] = [];
    for (const [number, body] of tail) {
      const written = `${number} 0 obj\n${body}\nendobj\n`;
      tailOffsets.push(this.position);
      this.position += written.length;
      chunks.push(written);
    }
    const size = INFO + 1 + this.offsets.length;
    const entry = (offset: number) => `${String(offset).padStart(10, '0')} 00000 n \n`;
    chunks.push(`xref\n0 ${size}\n0000000000 65535 f \n`, ...tailOffsets.map(entry), ...this.offsets.map(entry));
    chunks.push(`trailer\n<</Size ${size}\n/Root ${CATALOG} 0 R\n/Info ${INFO} 0 R>>\nstartxref\n${this.position}\n%%EOF\n`);
    return Buffer.from(chunks.join(''), 'latin1');
  }
}

function readObjects(text: string): Map<number, SourceObject> {
  const startxref = text.lastIndexOf('startxref');
  const xrefAt = startxref < 0 ? NaN : Number(/^startxref\s+(\d+)/.exec(text.slice(startxref))?.[1]);
  if (!Number.isInteger(xrefAt) || !text.startsWith('xref', xrefAt)) throw new PdfFormatError('no xref table');
  const trailerAt = text.indexOf('trailer', xrefAt);
  if (trailerAt < 0) throw new PdfFormatError('no trailer');
  const tokens = text
    .slice(xrefAt + 4, trailerAt)
    .trim()
    .split(/\s+/);
  const starts: Array<{ number: number; offset: number }> = [];
  for (let at = 0; at < tokens.length;) {
    const first = Number(tokens[at]);
    const count = Number(tokens[at + 1]);
    at += 2;
    for (let index = 0; index < count; index++, at += 3) {
      if (tokens[at + 2] === 'n') starts.push({ number: first + index, offset: Number(tokens[at]) });
    }
  }
  starts.sort((a, b) => a.offset - b.offset);
  const objects = new Map<number, SourceObject>();
  starts.forEach(({ number, offset }, index) => {
    const end = index + 1 < starts.length ? starts[index + 1].offset : xrefAt;
    const header = new RegExp(`^${number} 0 obj`).exec(text.slice(offset, offset + 32));
    if (!header) throw new PdfFormatError(`object ${number} is not where the xref table says`);
    const bodyAt = offset + header[0].length;
    const { headEnd, refs } = scan(text, bodyAt, end);
    objects.set(number, { number, head: text.slice(bodyAt, headEnd), tail: text.slice(headEnd, end), refs });
  });
  return objects;
}

function objectOf(objects: Map<number, SourceObject>, number: number): SourceObject {
  const object = objects.get(number);
  if (!object) throw new PdfFormatError(`object ${number} is missing`);
  return object;
}

function refAfter(text: string, key: string): number {
  const match = new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(text);
  if (!match) throw new PdfFormatError(`no /${key} reference`);
  return Number(match[1]);
}

function collectPages(objects: Map<number, SourceObject>, number: number, treeNodes: Set<number>, pages: number[]): void {
  const { head } = objectOf(objects, number);
  if (/\/Type\s*\/Page\b(?!s)/.test(head)) {
    pages.push(number);
    return;
  }
  if (treeNodes.has(number) || !/\/Type\s*\/Pages\b/.test(head)) throw new PdfFormatError(`object ${number} is not a page tree node`);
  // Inherited attributes would be lost with the node: Skia writes them on each page.
  if (/\/(Resources|MediaBox|CropBox|Rotate)\b/.test(head)) throw new PdfFormatError('page tree node with inherited attributes');
  treeNodes.add(number);
  const kids = /\/Kids\s*\[([^\]]*)\]/.exec(head);
  if (!kids) throw new PdfFormatError(`page tree node ${number} has no /Kids`);
  for (const match of kids[1].matchAll(/(\d+)\s+0\s+R/g)) collectPages(objects, Number(match[1]), treeNodes, pages);
}

const WHITESPACE = new Set(['\0', '\t', '\n', '\f', '\r', ' ']);
const DELIMITERS = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%']);
const INTEGER = /^\d+$/;

interface Token {
  start: number;
  end: number;
  text: string;
}

/**
 * Reads an object's body from `from` as PDF tokens (strings, comments and names skipped as such, so text that
 * looks like `1 0 R` inside them is not a reference) up to `stream` or `endobj`: where the head ends, and each
 * `n g R` reference in it (token positions, for rewriting).
 */
function scan(
  text: string,
  from: number,
  end: number,
  onRef?: (ref: { start: number; end: number; number: number }) => void,
): { headEnd: number; refs: number[] } {
  const refs: number[] = [];
  let recent: Token[] = [];
  let at = from;
  while (at < end) {
    const char = text[at];
    if (WHITESPACE.has(char)) {
      at++;
    } else if (char === '%') {
      while (at < end && text[at] !== '\n' && text[at] !== '\r') at++;
    } else if (char === '(') {
      let depth = 0;
      for (; at < end; at++) {
        if (text[at] === '\\') at++;
        else if (text[at] === '(') depth++;
        else if (text[at] === ')' && --depth === 0) break;
      }
      at++;
      recent = [];
    } else if (char === '<' && text[at + 1] !== '<') {
      at = text.indexOf('>', at) + 1 || end;
      recent = [];
    } else if (char === '/') {
      at++;
      while (at < end && !WHITESPACE.has(text[at]) && !DELIMITERS.has(text[at])) at++;
      recent = [];
    } else if (DELIMITERS.has(char)) {
      at += (char === '<' || char === '>') && text[at + 1] === char ? 2 : 1;
      recent = [];
    } else {
      const start = at;
      while (at < end && !WHITESPACE.has(text[at]) && !DELIMITERS.has(text[at])) at++;
      const token = { start, end: at, text: text.slice(start, at) };
      if (token.text === 'stream' || token.text === 'endobj') return { headEnd: start, refs };
      if (token.text === 'R' && recent.length >= 2 && INTEGER.test(recent[recent.length - 2].text) && INTEGER.test(recent[recent.length - 1].text)) {
        const number = Number(recent[recent.length - 2].text);
        if (recent[recent.length - 1].text !== '0') throw new PdfFormatError('a reference with a generation other than 0');
        refs.push(number);
        onRef?.({ start: recent[recent.length - 2].start, end: at, number });
        recent = [];
      } else {
        recent = [...recent.slice(-1), token];
      }
    }
  }
  throw new PdfFormatError('an object without endobj');
}

/** The head with every reference replaced by its new number. */
function rewriteRefs(head: string, renumbered: ReadonlyMap<number, number>): string {
  const parts: string[] = [];
  let copied = 0;
  // The head ends right before `stream`/`endobj`: scanning it again with that word appended finds the same refs.
  const text = `${head} endobj`;
  scan(text, 0, text.length, ({ start, end, number }) => {
    const target = renumbered.get(number);
    if (target === undefined) throw new PdfFormatError(`a reference to object ${number}, which is not copied`);
    parts.push(head.slice(copied, start), `${target} 0 R`);
    copied = end;
  });
  parts.push(head.slice(copied));
  return parts.join('');
}
