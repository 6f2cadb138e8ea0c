import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SolveEvent } from '@drapeau/shared';

import { MockEventSource } from '../testing/mock-event-source';

import { RECONNECT_INITIAL_DELAY_MS, subscribeToEvents } from './subscribe-events';

const SOLVE: SolveEvent = {
  userId: 'u-neo',
  username: 'neo',
  challengeId: 'dom-manipulation',
  points: 10,
  firstBlood: false,
  score: 10,
  solvedAt: '2025-01-01T00:00:00.000Z',
};

beforeEach(() => {
  MockEventSource.reset();
  vi.stubGlobal('EventSource', MockEventSource);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('event stream', () => {
  it('opens /api/events with credentials and passes on valid events only', () => {
    const onEvent = vi.fn();
    const close = subscribeToEvents({ onEvent });
    const source = MockEventSource.latest();
    expect(source.url).toBe('/api/events');
    expect(source.withCredentials).toBe(true);

    source.emit('solve', SOLVE);
    source.emit('leaderboard', { reason: 'user-deleted' });
    source.emit('solve', '{not json');
    source.emit('solve', { userId: 'u-neo' });
    source.emit('leaderboard', { reason: 'unknown' });

    expect(onEvent.mock.calls).toEqual([
      [{ type: 'solve', data: SOLVE }],
      [{ type: 'leaderboard', data: { reason: 'user-deleted' } }],
    ]);
    close();
    expect(source.isClosed).toBe(true);
  });

  it('leaves dropped connections to the browser and reports every opening, the first and each return', () => {
    const onOpen = vi.fn();
    subscribeToEvents({ onEvent: vi.fn(), onOpen });
    const source = MockEventSource.latest();
    expect(onOpen).not.toHaveBeenCalled();
    source.open();
    expect(onOpen).toHaveBeenCalledTimes(1);

    source.fail();
    expect(onOpen).toHaveBeenCalledTimes(1);
    source.open();
    expect(MockEventSource.instances).toHaveLength(1);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('opens a new stream, with a growing delay, when the server refuses one', () => {
    vi.useFakeTimers();
    const onOpen = vi.fn();
    const close = subscribeToEvents({ onEvent: vi.fn(), onOpen });
    MockEventSource.latest().fail(true);

    vi.advanceTimersByTime(RECONNECT_INITIAL_DELAY_MS - 1);
    expect(MockEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(MockEventSource.instances).toHaveLength(2);

    MockEventSource.latest().fail(true);
    vi.advanceTimersByTime(RECONNECT_INITIAL_DELAY_MS);
    expect(MockEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(RECONNECT_INITIAL_DELAY_MS);
    expect(MockEventSource.instances).toHaveLength(3);

    MockEventSource.latest().open();
    expect(onOpen).toHaveBeenCalledTimes(1);

    MockEventSource.latest().fail(true);
    close();
    vi.advanceTimersByTime(60 * RECONNECT_INITIAL_DELAY_MS);
    expect(MockEventSource.instances).toHaveLength(3);
  });

  it('does nothing where EventSource does not exist', () => {
    vi.stubGlobal('EventSource', undefined);
    const close = subscribeToEvents({ onEvent: vi.fn() });
    expect(() => close()).not.toThrow();
  });
});
