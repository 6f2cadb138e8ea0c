import {
  AnnouncementEventSchema,
  ChallengesChangedEventSchema,
  EventSettingsSchema,
  LeaderboardChangedEventSchema,
  SharedFlagIncidentSchema,
  SolveEventSchema,
  type AnnouncementEvent,
  type ChallengesChangedEvent,
  type EventSettings,
  type LeaderboardChangedEvent,
  type SharedFlagIncident,
  type SolveEvent,
} from '@drapeau/shared';

const EVENTS_PATH = '/api/events';
/** After the stream is closed for good (an HTTP error rather than a dropped connection), the next attempt waits this long… */
export const RECONNECT_INITIAL_DELAY_MS = 5_000;
/** …doubling each time up to this. */
const RECONNECT_MAX_DELAY_MS = 5 * 60_000;

export type ServerEvent =
  | { type: 'solve'; data: SolveEvent }
  | { type: 'leaderboard'; data: LeaderboardChangedEvent }
  | { type: 'challenges'; data: ChallengesChangedEvent }
  /** Sent to admins' streams only. */
  | { type: 'incident'; data: SharedFlagIncident }
  | { type: 'announcement'; data: AnnouncementEvent }
  /** The event's settings changed (docs/product.md#events). */
  | { type: 'event'; data: EventSettings };

export interface EventStreamHandlers {
  onEvent: (event: ServerEvent) => void;
  /**
   * Events may have been missed and the server no longer has them all (a `reset`): what they could change and was read
   * before is read again. The stream opens with the time the page's reads started (`since`), and the server first sends
   * what came after it; a stream back after an interruption gets what came after the last event it had (`Last-Event-ID`,
   * sent by the browser), or a reset.
   */
  onMissed?: () => void;
  /** The server's time when the page's reads started (lib/server-clock.ts), or undefined: a reset then comes first. */
  since?: () => number | undefined;
}

function parseData<T>(schema: { safeParse(data: unknown): { success: true; data: T } | { success: false } }, raw: unknown) {
  if (typeof raw !== 'string') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/events as Server-Sent Events, with the session cookie. The browser reconnects by itself after a dropped
 * connection; when the server refuses the stream (the EventSource is then closed for good) a new one is opened after
 * a growing delay. Malformed events are ignored. Returns a function that closes everything.
 */
export function subscribeToEvents({ onEvent, onMissed, since }: EventStreamHandlers): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;

  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelayMs = RECONNECT_INITIAL_DELAY_MS;
  let isClosed = false;

  /** The first stream asks for what came after the page's reads started; one opened again after a refusal, for nothing. */
  function open(from?: number): void {
    const current = new EventSource(from === undefined ? EVENTS_PATH : `${EVENTS_PATH}?since=${from}`, {
      withCredentials: true,
    });
    source = current;
    current.addEventListener('open', () => {
      retryDelayMs = RECONNECT_INITIAL_DELAY_MS;
    });
    current.addEventListener('reset', () => onMissed?.());
    current.addEventListener('error', () => {
      if (current.readyState !== EventSource.CLOSED || isClosed) return;
      retryTimer = setTimeout(() => open(), retryDelayMs);
      retryDelayMs = Math.min(retryDelayMs * 2, RECONNECT_MAX_DELAY_MS);
    });
    current.addEventListener('solve', (event: MessageEvent<unknown>) => {
      const data = parseData(SolveEventSchema, event.data);
      if (data) onEvent({ type: 'solve', data });
    });
    current.addEventListener('event', (event: MessageEvent<unknown>) => {
      const data = parseData(EventSettingsSchema, event.data);
      if (data) onEvent({ type: 'event', data });
    });
    current.addEventListener('leaderboard', (event: MessageEvent<unknown>) => {
      const data = parseData(LeaderboardChangedEventSchema, event.data);
      if (data) onEvent({ type: 'leaderboard', data });
    });
    current.addEventListener('challenges', (event: MessageEvent<unknown>) => {
      const data = parseData(ChallengesChangedEventSchema, event.data);
      if (data) onEvent({ type: 'challenges', data });
    });
    current.addEventListener('incident', (event: MessageEvent<unknown>) => {
      const data = parseData(SharedFlagIncidentSchema, event.data);
      if (data) onEvent({ type: 'incident', data });
    });
    current.addEventListener('announcement', (event: MessageEvent<unknown>) => {
      const data = parseData(AnnouncementEventSchema, event.data);
      if (data) onEvent({ type: 'announcement', data });
    });
  }

  open(since?.());
  return () => {
    isClosed = true;
    clearTimeout(retryTimer);
    source?.close();
  };
}
