import { afterEach, describe, expect, it, vi } from 'vitest';

import { createLabPool, type LabPool, type LabPoolOptions } from './lab-pool.js';

const WORKER = new URL('../../../test/fixtures/pool-test-worker.ts', import.meta.url);

let pool: LabPool | undefined;
const warnings: string[] = [];

async function startPool(options: Partial<LabPoolOptions> = {}): Promise<LabPool> {
  pool = createLabPool({
    size: 1,
    timeLimitMs: 500,
    maxQueue: 8,
    heapLimitMb: 32,
    log: { warn: (_details, message) => warnings.push(message) },
    workerUrl: WORKER,
    ...options,
  });
  // Started with the pool, before any call.
  await vi.waitFor(() => expect(pool!.isReady()).toBe(true), { timeout: 60_000, interval: 50 });
  return pool;
}

const call = (lab: string) => ({ lab, request: { action: 'go', input: {} }, flag: 'CTF{pool_test}' });

afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('createLabPool', () => {
  it('answers a call from a started worker', async () => {
    const labs = await startPool();
    await expect(labs.run('p1', call('echo'))).resolves.toEqual({ ok: true, code: 'echo', output: { action: 'go' } });
  });

  it('ends a call past the time limit with 422 LAB_TIMEOUT, and starts a replacement at once', async () => {
    const labs = await startPool();
    await expect(labs.run('p1', call('spin'))).rejects.toMatchObject({ code: 'LAB_TIMEOUT', statusCode: 422 });
    await vi.waitFor(() => expect(labs.isReady()).toBe(true), { timeout: 60_000, interval: 50 });
    await expect(labs.run('p1', call('echo'))).resolves.toMatchObject({ code: 'echo' });
  });

  it('ends a worker past its heap limit with 422 LAB_OUT_OF_MEMORY, never a crash, and replaces it', async () => {
    const labs = await startPool({ heapLimitMb: 16, timeLimitMs: 60_000 });
    await expect(labs.run('p1', call('hoard'))).rejects.toMatchObject({ code: 'LAB_OUT_OF_MEMORY', statusCode: 422 });
    await expect(labs.run('p1', call('echo'))).resolves.toMatchObject({ code: 'echo' });
  });

  it('answers a call that throws with 422 LAB_FAILED, and the worker carries on', async () => {
    const labs = await startPool();
    await expect(labs.run('p1', call('throw'))).rejects.toMatchObject({ code: 'LAB_FAILED', statusCode: 422 });
    await expect(labs.run('p1', call('echo'))).resolves.toMatchObject({ code: 'echo' });
  });

  it('refuses a second call from a player whose first is running (409 LAB_BUSY), not another player’s', async () => {
    const labs = await startPool();
    const first = labs.run('p1', call('spin'));
    await expect(labs.run('p1', call('echo'))).rejects.toMatchObject({ code: 'LAB_BUSY', statusCode: 409 });
    const other = labs.run('p2', call('echo'));
    await expect(first).rejects.toMatchObject({ code: 'LAB_TIMEOUT' });
    await expect(other).resolves.toMatchObject({ code: 'echo' });
  });

  it('answers 503 LAB_QUEUE_FULL with a Retry-After once the queue is full', async () => {
    const labs = await startPool({ maxQueue: 1 });
    const running = labs.run('p1', call('spin'));
    const waiting = labs.run('p2', call('echo'));
    await expect(labs.run('p3', call('echo'))).rejects.toMatchObject({
      code: 'LAB_QUEUE_FULL',
      statusCode: 503,
      retryAfterSeconds: 2,
    });
    await expect(running).rejects.toMatchObject({ code: 'LAB_TIMEOUT' });
    await expect(waiting).resolves.toMatchObject({ code: 'echo' });
  });

  it('on close, answers the calls under way and waiting with 503 and ends its workers', async () => {
    const labs = await startPool();
    const running = labs.run('p1', call('spin')).catch((error: unknown) => error);
    const waiting = labs.run('p2', call('echo')).catch((error: unknown) => error);
    await labs.close();
    expect(await running).toMatchObject({ statusCode: 503 });
    expect(await waiting).toMatchObject({ statusCode: 503 });
    expect(labs.isReady()).toBe(false);
    await expect(labs.run('p3', call('echo'))).rejects.toMatchObject({ statusCode: 503 });
  });

  it('starts no worker before the first call when asked to (tests whose app runs no lab)', async () => {
    pool = createLabPool({
      size: 1,
      timeLimitMs: 500,
      maxQueue: 8,
      heapLimitMb: 32,
      log: { warn: () => {} },
      workerUrl: WORKER,
      onDemand: true,
    });
    expect(pool.isReady()).toBe(false);
    await expect(pool.run('p1', call('echo'))).resolves.toMatchObject({ code: 'echo' });
  });
});
