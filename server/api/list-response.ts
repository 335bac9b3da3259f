// List answers over HTTP: every list carries an ETag (its table's newest change for the user), a matching
// If-None-Match gets 304 without a body, and a client that takes gzip gets the cached gzip encoding.
import type { Context } from 'hono';
import { cachedList, etagOf, type CachedList } from './store/rows';

/** Lists smaller than this go out as they are: gzip would save little and cost a header. */
const GZIP_FROM_BYTES = 1024;

/** If-None-Match names this tag (weak comparison, as RFC 9110 asks for If-None-Match), or is `*`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** Accept-Encoding includes gzip with a non-zero weight. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

// no-cache: a browser may keep the list but must revalidate it (a 304 is cheap); private: per user.
const cacheHeaders = (etag: string): Record<string, string> => ({
  ETag: etag,
  'Cache-Control': 'private, no-cache',
  Vary: 'Authorization, Accept-Encoding',
});

const notModified = (c: Context, etag: string): Response | undefined =>
  etagMatches(c.req.header('if-none-match'), etag) ? c.body(null, 304, cacheHeaders(etag)) : undefined;

export function listResponse(c: Context, list: CachedList): Response {
  const unchanged = notModified(c, list.etag);
  if (unchanged) return unchanged;
  const headers = { ...cacheHeaders(list.etag), 'Content-Type': 'application/json' };
  if (list.bytes.byteLength >= GZIP_FROM_BYTES && acceptsGzip(c.req.header('accept-encoding'))) {
    return c.body(list.gzip(), 200, { ...headers, 'Content-Encoding': 'gzip' });
  }
  return c.body(list.bytes, 200, headers);
}

/**
 * A list whose version is known before its rows are read: a matching If-None-Match gets 304 without reading them;
 * otherwise `read` gives the JSON text.
 */
export async function revalidatedList(c: Context, version: string, read: () => Promise<string>): Promise<Response> {
  return notModified(c, etagOf(version)) ?? listResponse(c, cachedList(version, await read()));
}
