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
  it('opens /api/events with credentials and passes on each event whose data is a JSON object', () => {
    const onEvent = vi.fn();
    const close = subscribeToEvents({ onEvent });
    const source = MockEventSource.latest();
    expect(source.url).toBe('/api/events');
    expect(source.withCredentials).toBe(true);

    source.emit('solve', SOLVE);
    source.emit('leaderboard', { reason: 'user-deleted' });
    source.emit('solve', '{not json');
    source.emit('solve', 'null');
    source.emit('challenges', '42');
    source.emit('event', { mode: 'event' });
    source.emit('challenges', { challengeIds: ['a'] });
    source.emit('incident', { id: 1 });
    source.emit('announcement', { id: 2 });
    source.emit('unknown', { id: 3 });

    expect(onEvent.mock.calls).toEqual([
      [{ type: 'solve', data: SOLVE }],
      [{ type: 'leaderboard', data: { reason: 'user-deleted' } }],
      [{ type: 'event', data: { mode: 'event' } }],
      [{ type: 'challenges', data: { challengeIds: ['a'] } }],
      [{ type: 'incident', data: { id: 1 } }],
      [{ type: 'announcement', data: { id: 2 } }],
    ]);
    close();
    expect(source.isClosed).toBe(true);
  });

  it('asks for the events since the page’s reads started, leaves dropped connections to the browser, and reports a reset', () => {
    const onMissed = vi.fn();
    subscribeToEvents({ onEvent: vi.fn(), onMissed, since: () => 1_764_400_000_000 });
    const source = MockEventSource.latest();
    expect(source.url).toBe('/api/events?since=1764400000000');
    source.open();
    expect(onMissed).not.toHaveBeenCalled();
    source.fail();
    source.open();
    expect(MockEventSource.instances).toHaveLength(1);
    expect(onMissed).not.toHaveBeenCalled();
    // The server no longer has what the stream missed.
    source.emit('reset', {});
    expect(onMissed).toHaveBeenCalledTimes(1);
  });

  it('opens a new stream, with a growing delay and without a time (the server then resets), when the server refuses one', () => {
    vi.useFakeTimers();
    const close = subscribeToEvents({ onEvent: vi.fn(), since: () => 1_764_400_000_000 });
    MockEventSource.latest().fail(true);

    vi.advanceTimersByTime(RECONNECT_INITIAL_DELAY_MS - 1);
    expect(MockEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(MockEventSource.instances).toHaveLength(2);
    expect(MockEventSource.latest().url).toBe('/api/events');

    MockEventSource.latest().fail(true);
    vi.advanceTimersByTime(RECONNECT_INITIAL_DELAY_MS);
    expect(MockEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(RECONNECT_INITIAL_DELAY_MS);
    expect(MockEventSource.instances).toHaveLength(3);

    // Open again: the next refusal waits the first delay again.
    MockEventSource.latest().open();
    MockEventSource.latest().fail(true);
    vi.advanceTimersByTime(RECONNECT_INITIAL_DELAY_MS);
    expect(MockEventSource.instances).toHaveLength(4);

    MockEventSource.latest().fail(true);
    close();
    vi.advanceTimersByTime(60 * RECONNECT_INITIAL_DELAY_MS);
    expect(MockEventSource.instances).toHaveLength(4);
  });

  it('does nothing where EventSource does not exist', () => {
    vi.stubGlobal('EventSource', undefined);
    const close = subscribeToEvents({ onEvent: vi.fn() });
    expect(() => close()).not.toThrow();
  });
});
