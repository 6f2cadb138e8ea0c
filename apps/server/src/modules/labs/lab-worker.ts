import { parentPort } from 'node:worker_threads';

import { LAB_HANDLERS, loadLabEngines } from '@drapeau/labs';

import type { LabCall, LabWorkerMessage } from './lab-pool.js';

/**
 * One lab worker thread (lab-pool.ts, docs/decisions/011-real-labs.md#workers): loads the labs and their engines, says
 * it is ready, then runs one call at a time. A call that throws is answered as an error, and the worker carries on.
 */
const port = parentPort!;
await loadLabEngines();
port.on('message', (call: LabCall) => {
  let reply: LabWorkerMessage;
  try {
    const handler = LAB_HANDLERS.get(call.lab);
    reply = handler ? { result: handler.handle(call.request, { flag: call.flag }) } : { error: `unknown lab ${call.lab}` };
  } catch (error) {
    reply = { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true } satisfies LabWorkerMessage);
