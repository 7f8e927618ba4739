import { ifNoneMatchHits } from './conditional-get';

describe('ifNoneMatchHits (RFC 9110 If-None-Match)', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    [' * ', true],
    ['"abcd"', false],
    ['abc', false],
    ['"x"', false],
  ])('%s → %s', (header, expected) => expect(ifNoneMatchHits(header, etag)).toBe(expected));
  it('is false without the header', () => expect(ifNoneMatchHits(undefined, etag)).toBe(false));
});
