/** The symbologies a barcode layer draws (§21): linear codes first, then the two-dimensional ones. */
export const LINEAR_SYMBOLOGIES = ['code128', 'code39', 'ean13', 'ean8', 'upca', 'itf14'] as const;
export const MATRIX_SYMBOLOGIES = ['datamatrix', 'pdf417'] as const;
export const BARCODE_SYMBOLOGIES = [...LINEAR_SYMBOLOGIES, ...MATRIX_SYMBOLOGIES] as const;
export type BarcodeSymbology = (typeof BARCODE_SYMBOLOGIES)[number];

export const isLinearSymbology = (symbology: BarcodeSymbology): boolean => (LINEAR_SYMBOLOGIES as readonly string[]).includes(symbology);

/** Longest value of a linear code: past this the bars get too thin to scan at any size a layer can have. */
const MAX_LINEAR_LENGTH = 80;
/** Data Matrix's largest symbol (144×144) holds 1,558 codewords; a character above U+007F takes two in ASCII mode. */
const MAX_DATAMATRIX_CODEWORDS = 1556;
/** PDF417 holds 928 codewords with its error correction: 600 bytes fit in byte compaction at the default level. */
const MAX_PDF417_LENGTH = 600;

/** GS1 check digit (mod 10, weights 3 and 1 from the right) of a string of digits without it. */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    const digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    sum += index % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** EAN/UPC/ITF-14: `length` digits with the check digit, or one fewer (the check digit is then added). */
function gs1Problem(value: string, name: string, length: number): string | null {
  if (!/^[0-9]+$/.test(value) || (value.length !== length && value.length !== length - 1))
    return `${name} takes ${length - 1} digits, or ${length} with its check digit`;
  if (value.length === length && gs1CheckDigit(value.slice(0, -1)) !== Number(value[length - 1]))
    return `${name} check digit is wrong: ${value.slice(0, -1)} ends in ${gs1CheckDigit(value.slice(0, -1))}`;
  return null;
}

const CODE39_CHARACTERS = /^[0-9A-Z \-.$/+%]+$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;
const LATIN1 = { test: (value: string) => [...value].every((character) => character.charCodeAt(0) >= 1 && character.charCodeAt(0) <= 0xff) };

/**
 * Why `value` cannot be encoded in `symbology`, or null when it can (an empty value draws nothing). The design
 * model's own check, run at save (400) and after overrides (`barcode_invalid`); the drawer trusts it.
 */
export function barcodeValueProblem(symbology: BarcodeSymbology, value: string): string | null {
  if (value === '') return null;
  switch (symbology) {
    case 'code128':
      if (!PRINTABLE_ASCII.test(value)) return 'Code 128 takes printable ASCII characters (space to ~)';
      return value.length > MAX_LINEAR_LENGTH ? `Code 128 takes at most ${MAX_LINEAR_LENGTH} characters` : null;
    case 'code39':
      if (!CODE39_CHARACTERS.test(value)) return 'Code 39 takes digits, capital letters, space and - . $ / + %';
      return value.length > MAX_LINEAR_LENGTH ? `Code 39 takes at most ${MAX_LINEAR_LENGTH} characters` : null;
    case 'ean13':
      return gs1Problem(value, 'EAN-13', 13);
    case 'ean8':
      return gs1Problem(value, 'EAN-8', 8);
    case 'upca':
      return gs1Problem(value, 'UPC-A', 12);
    case 'itf14':
      return gs1Problem(value, 'ITF-14', 14);
    case 'datamatrix': {
      if (!LATIN1.test(value)) return 'Data Matrix takes ISO-8859-1 characters (U+0001–U+00FF)';
      let codewords = 0;
      for (const character of value) codewords += character.charCodeAt(0) > 0x7f ? 2 : 1;
      return codewords > MAX_DATAMATRIX_CODEWORDS ? `Data Matrix holds at most ${MAX_DATAMATRIX_CODEWORDS} ASCII characters` : null;
    }
    case 'pdf417':
      if (!LATIN1.test(value)) return 'PDF417 takes ISO-8859-1 characters (U+0001–U+00FF)';
      return value.length > MAX_PDF417_LENGTH ? `PDF417 takes at most ${MAX_PDF417_LENGTH} characters` : null;
  }
}

/** The value as encoded and shown: EAN/UPC/ITF-14 values given without their check digit get it. */
export function encodedBarcodeValue(symbology: BarcodeSymbology, value: string): string {
  const length = { ean13: 13, ean8: 8, upca: 12, itf14: 14 }[symbology as string];
  return length !== undefined && value.length === length - 1 ? value + gs1CheckDigit(value) : value;
}
