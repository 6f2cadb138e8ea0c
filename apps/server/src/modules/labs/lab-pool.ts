import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

import type { LabRequest } from '@drapeau/shared';
import type { LabResult } from '@drapeau/labs';

import { AppError } from '../../lib/app-error.js';

/** What a worker runs: one lab's action, with the flag the player must find (docs/decisions/011-real-labs.md#workers). */
export interface LabCall {
  lab: string;
  request: LabRequest;
  flag: string;
}

/** A worker's messages: `ready` once its labs are loaded, then one reply per call. */
export type LabWorkerMessage = { ready: true } | { result: LabResult } | { error: string };

export interface LabPoolOptions {
  /** Worker threads kept started. */
  size: number;
  /** A call that runs longer ends its worker: 422 LAB_TIMEOUT. */
  timeLimitMs: number;
  /** Calls waiting for a worker at most; one more answers 503 LAB_QUEUE_FULL. */
  maxQueue: number;
  /** Each worker's JavaScript heap (old generation), in MB: past it the worker ends, 422 LAB_OUT_OF_MEMORY. */
  heapLimitMb: number;
  log: { warn(details: object, message: string): void };
  /** The worker's module; the lab worker by default (tests give another). */
  workerUrl?: URL;
  /** Start the workers at the first call rather than now (tests whose app runs no lab). */
  onDemand?: boolean;
}

interface Task {
  playerKey: string;
  call: LabCall;
  settle: (outcome: { result: LabResult } | { error: AppError }) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task?: Task;
  timer?: NodeJS.Timeout;
}

const labError = (code: 'LAB_TIMEOUT' | 'LAB_OUT_OF_MEMORY' | 'LAB_FAILED', message: string) => new AppError(code, 422, message);

/**
 * Where the worker's code is: lab-worker.js beside the build's entry (tsup builds it as an entry of its own), or
 * lab-worker.ts beside this file when the server runs from its sources (tsx, Vitest).
 */
function labWorkerUrl(): URL {
  return new URL(import.meta.url.endsWith('.ts') ? './lab-worker.ts' : './lab-worker.js', import.meta.url);
}

/**
 * How a worker starts: the built lab-worker.js directly; from the sources, a few lines that load lab-worker.ts through
 * tsx's API (the server's development dependency), as neither Vitest nor `--import tsx` reaches a worker's entry on Node 20.
 */
function workerEntry(url: URL): { entry: string | URL; eval: boolean } {
  if (!url.pathname.endsWith('.ts')) return { entry: url, eval: false };
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const href = JSON.stringify(url.href);
  return { entry: `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${href}, ${href}));`, eval: true };
}

/**
 * A bounded pool of worker threads that runs the labs off the main thread (docs/decisions/011-real-labs.md#workers):
 * the workers start with the pool and a replacement at once, so no call waits for one to load; a call past the time
 * limit or the heap limit ends its worker; one call in flight per player; a bounded queue.
 */
export function createLabPool(options: LabPoolOptions) {
  const url = options.workerUrl ?? labWorkerUrl();
  const { entry, eval: isEval } = workerEntry(url);
  const slots = new Set<Slot>();
  const queue: Task[] = [];
  const playersInFlight = new Set<string>();
  let closed = false;

  function finish(slot: Slot, outcome: { result: LabResult } | { error: AppError }) {
    const task = slot.task;
    clearTimeout(slot.timer);
    slot.task = undefined;
    slot.timer = undefined;
    task?.settle(outcome);
  }

  /** Ends a worker (its call gets `error`) and starts its replacement at once. */
  function replace(slot: Slot, error: AppError) {
    if (!slots.delete(slot)) return;
    finish(slot, { error });
    void slot.worker.terminate();
    // A worker that never loaded is not restarted (it would fail again, in a loop): the error is in the logs.
    if (!closed && slot.ready) start();
    else if (!closed) options.log.warn({ workers: slots.size }, 'a lab worker failed to start');
    if (slots.size === 0)
      for (const task of queue.splice(0)) task.settle({ error: labError('LAB_FAILED', 'The exercises are unavailable.') });
    pump();
  }

  function start() {
    const worker = new Worker(entry, {
      eval: isEval,
      resourceLimits: { maxOldGenerationSizeMb: options.heapLimitMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    // The workers never keep the process alive: shutdown closes the pool, and an exit without it is not held up.
    worker.unref();
    const slot: Slot = { worker, ready: false };
    slots.add(slot);
    worker.on('message', (message: LabWorkerMessage) => {
      if ('ready' in message) slot.ready = true;
      else if ('result' in message) finish(slot, { result: message.result });
      else {
        if (slot.task) options.log.warn({ lab: slot.task.call.lab, error: message.error.slice(0, 200) }, 'lab failed');
        finish(slot, { error: labError('LAB_FAILED', 'The exercise could not handle this input.') });
      }
      pump();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (!outOfMemory) options.log.warn({ lab: slot.task?.call.lab, error: error.message }, 'lab worker failed');
      replace(
        slot,
        outOfMemory
          ? labError('LAB_OUT_OF_MEMORY', 'This attempt used too much memory and was stopped.')
          : labError('LAB_FAILED', 'The exercise could not handle this input.'),
      );
    });
    worker.on('exit', () => replace(slot, labError('LAB_FAILED', 'The exercise could not handle this input.')));
  }

  /** Hands waiting calls to idle, loaded workers; the time limit runs from there, not from the queue. */
  function pump() {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (!slot.ready || slot.task) continue;
      const task = queue.shift()!;
      slot.task = task;
      slot.timer = setTimeout(
        () => replace(slot, labError('LAB_TIMEOUT', 'This attempt ran too long and was stopped.')),
        options.timeLimitMs,
      );
      slot.worker.postMessage(task.call);
    }
  }

  let started = false;
  function startAll() {
    started = true;
    for (let i = 0; i < options.size; i += 1) start();
  }
  if (!options.onDemand) startAll();

  return {
    /** Runs one lab call for `playerKey`; rejects with an AppError (409, 422 or 503) when it cannot answer. */
    run(playerKey: string, call: LabCall): Promise<LabResult> {
      if (closed) return Promise.reject(new AppError('SERVICE_UNAVAILABLE', 503, 'The server is stopping.'));
      if (playersInFlight.has(playerKey))
        return Promise.reject(
          new AppError('LAB_BUSY', 409, 'Your previous attempt is still running: wait for its answer, then try again.'),
        );
      if (queue.length >= options.maxQueue)
        return Promise.reject(new AppError('LAB_QUEUE_FULL', 503, 'The exercises are busy: try again in a few seconds.', 2));
      if (!started) startAll();
      playersInFlight.add(playerKey);
      return new Promise<LabResult>((resolve, reject) => {
        queue.push({
          playerKey,
          call,
          settle: (outcome) => {
            playersInFlight.delete(playerKey);
            if ('result' in outcome) resolve(outcome.result);
            else reject(outcome.error);
          },
        });
        pump();
      });
    },
    /** Whether every worker has loaded its labs (tests wait for it; calls never need to). */
    isReady(): boolean {
      return slots.size === options.size && [...slots].every((slot) => slot.ready);
    },
    /** Ends every worker; calls still waiting or running answer 503. */
    async close(): Promise<void> {
      closed = true;
      const stopping = new AppError('SERVICE_UNAVAILABLE', 503, 'The server is stopping.');
      for (const task of queue.splice(0)) task.settle({ error: stopping });
      const workers = [...slots];
      slots.clear();
      for (const slot of workers) finish(slot, { error: stopping });
      await Promise.all(workers.map((slot) => slot.worker.terminate()));
    },
  };
}
export type LabPool = ReturnType<typeof createLabPool>;
