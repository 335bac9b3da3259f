// The messages between the page and the fetch worker (fetch.worker.ts, used through off-thread-fetch.ts): a
// request with its body as bytes, the answer with its body as bytes, or the error fetch threw. serveFetch is the
// worker's side, kept free of the worker's globals so tests can run it with any fetch.

/** A request for the worker to send (`id` names it in the answer and in an abort). */
export type FetchRequestMessage = {
  kind: 'fetch';
  id: number;
  url: string;
  method: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
};

/** Stops the request `id` (its AbortSignal fired on the page). */
export type FetchAbortMessage = { kind: 'abort'; id: number };

export type FetchReplyMessage =
  | {
      kind: 'response';
      id: number;
      status: number;
      statusText: string;
      headers: [string, string][];
      body: ArrayBuffer | null;
    }
  | { kind: 'error'; id: number; name: string; message: string };

/** Statuses whose Response must have no body (the Response constructor refuses one). */
export const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Sends one request with `fetchImpl` and reads the whole answer: what the worker posts back. */
export async function serveFetch(
  request: FetchRequestMessage,
  fetchImpl: typeof fetch,
  signal: AbortSignal,
): Promise<FetchReplyMessage> {
  try {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal,
    });
    const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
    return {
      kind: 'response',
      id: request.id,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body,
    };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    return { kind: 'error', id: request.id, name: e.name, message: e.message };
  }
}
