// The one HTTP client for the product API: JSON in and out, the ID token as bearer, the retry policy of the
// API contract (429, 500/502/503/504 and network errors: 3 attempts with exponential backoff) and one token
// refresh on a 401. The sync engine is its only caller for user data (docs/sync.md).

/** A token source: the current ID token, or a freshly refreshed one when `forceRefresh` is set. */
export type TokenSource = (options: { forceRefresh: boolean }) => Promise<string | null>;

export type RetryPolicy = {
  /** Attempts per call, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
};

/** Three attempts, 500 ms then 1 s (with jitter), never more than 300 s (the identity client's cap). */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 500, maxDelayMs: 300_000 };

export type ApiClientOptions = {
  baseUrl: string;
  getToken: TokenSource;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  /** Without a token, fail as a 401 without sending anything (calls that need a session, like sync). */
  requireToken?: boolean;
  /** Per-attempt time limit; undefined waits as long as the connection stays open. */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

export type RequestOptions = {
  body?: unknown;
  /**
   * The body as UTF-8 JSON already (instead of `body`): a caller that serialises a large body a part per task, so
   * that no one task spends tens of milliseconds in JSON.stringify (the sync push).
   */
  jsonBytes?: Uint8Array<ArrayBuffer>;
  query?: Record<string, string | number | undefined>;
  /** Extra request headers (the sync protocol's version header). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** A response the server gave that is not a success (after any retries): status and its `detail`. */
export class ApiHttpError extends Error {
  readonly status: number;
  readonly detail: unknown;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const detail = body && typeof body === 'object' && 'detail' in body ? (body as { detail: unknown }).detail : body;
    super(`HTTP ${status}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
    this.name = 'ApiHttpError';
    this.status = status;
    this.detail = detail;
    this.body = body;
  }
}

/** The request never got an answer (offline, refused, reset, timed out). */
export class ApiNetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiNetworkError';
  }
}

const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUS.has(status);
}

/** True for failures a later attempt may fix (the engine then schedules another round). */
export function isTransientError(error: unknown): boolean {
  return error instanceof ApiNetworkError || (error instanceof ApiHttpError && isRetryableStatus(error.status));
}

export type ApiClient = {
  readonly baseUrl: string;
  request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options?: RequestOptions): Promise<T>;
};

function retryAfterMs(response: Response): number | null {
  const raw = response.headers.get('retry-after');
  if (!raw) return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The connection dropped while the answer was arriving: as good as no answer.
    throw new ApiNetworkError(error instanceof Error ? error.message : 'The response was cut off', { cause: error });
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One signal that aborts when any of them does (AbortSignal.any where the browser has it). */
function anySignal(signals: AbortSignal[]): AbortSignal | undefined {
  if (signals.length <= 1) return signals[0];
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const s of signals) {
    if (s.aborted) controller.abort(s.reason);
    else s.addEventListener('abort', () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}

function timeoutSignal(ms: number): AbortSignal {
  if (typeof AbortSignal.timeout === 'function') return AbortSignal.timeout(ms);
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('The request timed out', 'TimeoutError')), ms);
  return controller.signal;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;

  const backoff = (attempt: number, hint: number | null) => {
    const exp = policy.baseDelayMs * 2 ** (attempt - 1);
    const jittered = exp / 2 + random() * (exp / 2);
    return Math.min(policy.maxDelayMs, Math.max(jittered, hint ?? 0));
  };

  async function once(
    method: string,
    url: string,
    token: string | null,
    body: string | Uint8Array<ArrayBuffer> | undefined,
    signal?: AbortSignal,
    extra?: Record<string, string>,
  ): Promise<Response> {
    const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const signals = [signal, options.timeoutMs ? timeoutSignal(options.timeoutMs) : undefined].filter(
      (s): s is AbortSignal => !!s,
    );
    try {
      return await doFetch(url, {
        method,
        headers,
        body,
        signal: anySignal(signals),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiNetworkError(error instanceof Error ? error.message : 'Network request failed', { cause: error });
    }
  }

  return {
    baseUrl,
    async request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, req: RequestOptions = {}): Promise<T> {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) params.set(k, String(v));
      const url = `${baseUrl}${path}${params.size > 0 ? `?${params.toString()}` : ''}`;
      let token = await options.getToken({ forceRefresh: false });
      let refreshed = false;
      let attempt = 0;
      // Serialised once, not again for each attempt.
      const text = req.jsonBytes ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
      for (;;) {
        if (!token && options.requireToken) {
          if (refreshed) throw new ApiHttpError(401, { detail: 'Not signed in' });
          refreshed = true;
          token = await options.getToken({ forceRefresh: true });
          continue;
        }
        attempt += 1;
        let response: Response;
        let body: unknown;
        try {
          response = await once(method, url, token, text, req.signal, req.headers);
          if (response.status === 401 && !refreshed) {
            // An expired ID token: refresh once and try again (not counted as an attempt).
            await response.body?.cancel().catch(() => undefined);
            refreshed = true;
            token = await options.getToken({ forceRefresh: true });
            attempt -= 1;
            continue;
          }
          body = await readBody(response);
        } catch (error) {
          if (!(error instanceof ApiNetworkError) || attempt >= policy.attempts) throw error;
          await sleep(backoff(attempt, null));
          continue;
        }
        if (response.ok) return body as T;
        if (isRetryableStatus(response.status) && attempt < policy.attempts) {
          await sleep(backoff(attempt, response.status === 429 ? retryAfterMs(response) : null));
          continue;
        }
        throw new ApiHttpError(response.status, body);
      }
    },
  };
}
