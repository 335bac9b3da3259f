// The web server's text files from dist/ (scripts, styles, HTML, SVG, JSON), each read and gzip-compressed once per
// version of the file and then answered from memory with an ETag, so a revalidation gets a 304 instead of the body.
// Compressing every response again cost about 1.3 CPU-seconds of the server per fresh browser (measured): the
// service worker's install fetches every asset (about 3.9 MB) to precache it. docs/running.md "Static server".
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context } from 'hono';
import { accepts } from 'hono/accepts';
import { getMimeType } from 'hono/utils/mime';

const gzipAsync = promisify(gzip);

/** Types served from memory; anything else (images, fonts) is streamed from disk by serveStatic. */
const TEXT_TYPES = /^(?:text\/|application\/(?:javascript|json|manifest\+json)|image\/svg\+xml)/;
/** Below this a compressed body saves next to nothing (the same threshold as hono's compress()). */
const COMPRESS_FROM_BYTES = 1024;

type Cached = {
  mtimeMs: number;
  size: number;
  type: string;
  body: Buffer;
  /** Weak: the gzip and the plain body are the same content, and a browser revalidates either with it. */
  etag: string;
  lastModified: string;
  gzipped: Promise<Buffer> | null;
};

/** A URL path as a file under `root`, or null when it escapes it or is not a plain path. */
export function fileUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (/(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\|\0/.test(decoded)) return null;
  const file = path.join(root, decoded.endsWith('/') ? `${decoded}index.html` : decoded);
  return file.startsWith(root + path.sep) ? file : null;
}

/** Whether If-None-Match names this ETag (weak comparison, as for a GET) or is '*'. */
function revalidates(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

export class StaticTextFiles {
  private readonly cache = new Map<string, Promise<Cached | null>>();

  constructor(private readonly root: string) {}

  /** The file's cached entry, read again when its size or modification time changed (a rebuild). */
  private async entry(file: string): Promise<Cached | null> {
    const info = await stat(file).catch(() => null);
    if (!info || !info.isFile()) return null;
    const type = getMimeType(file) ?? '';
    if (!TEXT_TYPES.test(type)) return null;
    const known = this.cache.get(file);
    if (known) {
      const cached = await known;
      if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    }
    const loading = readFile(file).then(
      (body): Cached => ({
        mtimeMs: info.mtimeMs,
        size: info.size,
        type,
        body,
        etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
        lastModified: info.mtime.toUTCString(),
        gzipped: null,
      }),
      () => null,
    );
    this.cache.set(file, loading);
    return loading;
  }

  /**
   * Answers GET/HEAD for `urlPath` (or `file` directly) from memory, or returns null to let the next handler try
   * (not a text file, a missing one, a Range request). A matching If-None-Match gets a 304. The caller sets
   * Cache-Control.
   */
  async respond(c: Context, file = fileUnder(this.root, c.req.path)): Promise<Response | null> {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.header('Range') || file === null) return null;
    const cached = await this.entry(file);
    if (!cached) return null;
    let body = cached.body;
    if (body.length >= COMPRESS_FROM_BYTES) c.header('Vary', 'Accept-Encoding');
    c.header('ETag', cached.etag);
    if (revalidates(c.req.header('If-None-Match'), cached.etag)) return c.body(null, 304);
    if (body.length >= COMPRESS_FROM_BYTES) {
      if (accepts(c, { header: 'Accept-Encoding', supports: ['gzip'], default: 'identity' }) === 'gzip') {
        cached.gzipped ??= gzipAsync(cached.body, { level: 9 });
        body = await cached.gzipped;
        c.header('Content-Encoding', 'gzip');
      }
    }
    c.header('Content-Type', cached.type);
    c.header('Content-Length', String(body.length));
    c.header('Last-Modified', cached.lastModified);
    if (c.req.method === 'HEAD') return c.body(null, 200);
    // Buffers from readFile and zlib sit on plain (never shared) ArrayBuffers.
    return c.body(body as Uint8Array<ArrayBuffer>, 200);
  }
}
