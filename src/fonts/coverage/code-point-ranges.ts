/**
 * Sets of code points stored as sorted, disjoint [start, end] ranges, packed for a small generated
 * file: each range is "start.length" in base 36, start relative to the previous range's end.
 */
export type CodePointRanges = ReadonlyArray<readonly [number, number]>;

export function rangesFromCodePoints(codePoints: Iterable<number>): Array<[number, number]> {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const ranges: Array<[number, number]> = [];
  for (const codePoint of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && codePoint === last[1] + 1) last[1] = codePoint;
    else ranges.push([codePoint, codePoint]);
  }
  return ranges;
}

export function packRanges(ranges: CodePointRanges): string {
  let previousEnd = 0;
  return ranges
    .map(([start, end]) => {
      const packed = `${(start - previousEnd).toString(36)}.${(end - start).toString(36)}`;
      previousEnd = end;
      return packed;
    })
    .join(',');
}

export function unpackRanges(packed: string): Array<[number, number]> {
  if (packed === '') return [];
  let previousEnd = 0;
  return packed.split(',').map((item) => {
    const [delta, length] = item.split('.').map((part) => parseInt(part, 36));
    const start = previousEnd + delta;
    previousEnd = start + length;
    return [start, previousEnd];
  });
}

/** Binary search; ranges are sorted and disjoint. */
export function rangesInclude(ranges: CodePointRanges, codePoint: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = ranges[middle];
    if (codePoint < start) high = middle - 1;
    else if (codePoint > end) low = middle + 1;
    else return true;
  }
  return false;
}
