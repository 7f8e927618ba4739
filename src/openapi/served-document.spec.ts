import { ifNoneMatchHits } from '../common/http/conditional-get';
import { serveDocument } from './served-document';

describe('served documents', () => {
  const document = serveDocument({ b: 1, a: [1, 2] });

  it('serializes once, with a strong ETag that changes with the content', () => {
    expect(document.body.toString()).toBe('{"b":1,"a":[1,2]}');
    expect(document.etag).toMatch(/^"[\w-]{32}"$/);
    expect(serveDocument({ b: 1, a: [1, 2] }).etag).toBe(document.etag);
    expect(serveDocument({ b: 2, a: [1, 2] }).etag).not.toBe(document.etag);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['"other"', false],
    ['*', true],
    ['"other", ETAG', true],
    ['W/ETAG', true],
  ])('If-None-Match %p matches: %p', (header, expected) => {
    expect(ifNoneMatchHits(header?.replace('ETAG', document.etag), document.etag)).toBe(expected);
  });
});
