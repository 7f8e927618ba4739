/**
 * RFC 9110 §13.1.2 If-None-Match, for GET: true when the header is `*` or lists `etag` (weak tags compare
 * equal to strong ones). The one rule every conditional GET of Pictor answers 304 by.
 */
export function ifNoneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}
