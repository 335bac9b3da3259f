// The fetch worker: sends the requests off-thread-fetch.ts hands it, so that copying a large request body into
// the network request (tens of milliseconds for a sync push's 550 KB) happens off the page's main thread.
import { serveFetch, type FetchAbortMessage, type FetchReplyMessage, type FetchRequestMessage } from './fetch-protocol';

const running = new Map<number, AbortController>();

self.onmessage = (event: MessageEvent<FetchRequestMessage | FetchAbortMessage>) => {
  const message = event.data;
  if (message.kind === 'abort') {
    running.get(message.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(message.id, controller);
  void serveFetch(message, fetch, controller.signal).then((reply: FetchReplyMessage) => {
    running.delete(message.id);
    const transfer = reply.kind === 'response' && reply.body ? [reply.body] : [];
    (self as unknown as Worker).postMessage(reply, transfer);
  });
};
