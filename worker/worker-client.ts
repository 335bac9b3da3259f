// What the app's Comlink worker clients share: a typed proxy of a module worker that also answers terminate(),
// and one lazily created app-wide instance per client.
import { wrap, type Remote } from 'comlink';

/** The worker's API, each call returning a Promise, plus terminate(). */
export type WorkerClient<Api> = Remote<Api> & { terminate: () => void };

/** Wraps a new worker in its typed proxy. Call terminate() when done. */
export function wrapWorker<Api>(worker: Worker): WorkerClient<Api> {
  const remote = wrap<Api>(worker);
  const terminate = () => worker.terminate();
  // Not Object.assign: a property set on a Comlink proxy is posted to the worker, and every property read
  // returns another remote path, so `terminate` has to be answered in front of the proxy.
  return new Proxy(remote, {
    get: (target, prop, receiver) => (prop === 'terminate' ? terminate : Reflect.get(target, prop, receiver)),
  }) as WorkerClient<Api>;
}

/** One app-wide client: created on the first get() and kept; terminate() stops it and the next get() starts anew. */
export function sharedClient<C extends { terminate: () => void }>(create: () => C) {
  let shared: C | null = null;
  return {
    get(): C {
      if (!shared) shared = create();
      return shared;
    },
    terminate(): void {
      shared?.terminate();
      shared = null;
    },
  };
}
