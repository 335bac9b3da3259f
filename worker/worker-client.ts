// What the app's Comlink worker clients share: a typed proxy of a module worker that also answers terminate(),
// and one lazily created app-wide instance per client.
import { wrap, type Remote } from 'comlink';

/** The worker's API, each call returning a Promise, plus terminate(). */
export type WorkerClient<Api> = Remote<Api> & { terminate: () => void };

/** Wraps a new worker in its typed proxy. Call terminate() when done. */
function wrapWorker<Api>(worker: Worker): WorkerClient<Api> {
  const remote = wrap<Api>(worker);
  const terminate = () => worker.terminate();
  // Not Object.assign: a property set on a Comlink proxy is posted to the worker, and every property read
  // returns another remote path, so `terminate` has to be answered in front of the proxy.
  return new Proxy(remote, {
    get: (target, prop, receiver) => (prop === 'terminate' ? terminate : Reflect.get(target, prop, receiver)),
  }) as WorkerClient<Api>;
}

/**
 * A client's three entry points: create() a new worker (call terminate() when done), get() the app-wide one
 * (created on first use and kept), terminate() it (the next get() starts a new one). `start` constructs the worker:
 * each client writes its own `new Worker(new URL(...))` so the bundler finds the worker file.
 */
export function workerClient<Api>(start: () => Worker) {
  const create = (): WorkerClient<Api> => wrapWorker<Api>(start());
  let shared: WorkerClient<Api> | null = null;
  return {
    create,
    get(): WorkerClient<Api> {
      if (!shared) shared = create();
      return shared;
    },
    terminate(): void {
      shared?.terminate();
      shared = null;
    },
  };
}
