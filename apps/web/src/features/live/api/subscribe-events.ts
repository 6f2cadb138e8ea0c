import type {
  AnnouncementEvent,
  ChallengesChangedEvent,
  EventSettings,
  LeaderboardChangedEvent,
  SharedFlagIncident,
  SolveEvent,
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

/** The stream's event types, each listened to by name (SERVER_EVENT_TYPES, without the schemas' module). */
const EVENT_TYPES = [
  'solve',
  'leaderboard',
  'challenges',
  'incident',
  'announcement',
  'event',
] as const satisfies readonly ServerEvent['type'][];

/**
 * An event's data, trusted as the server typed it (docs/conventions.md#validation-and-errors): only what is not a JSON
 * object is dropped.
 */
function parseData(raw: unknown): object | null {
  if (typeof raw !== 'string') return null;
  try {
    const data: unknown = JSON.parse(raw);
    return typeof data === 'object' && data !== null ? data : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/events as Server-Sent Events, with the session cookie. The browser reconnects by itself after a dropped
 * connection; when the server refuses the stream (the EventSource is then closed for good) a new one is opened after
 * a growing delay. An event whose data is not a JSON object is ignored. Returns a function that closes everything.
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
    for (const type of EVENT_TYPES) {
      current.addEventListener(type, (event: MessageEvent<unknown>) => {
        const data = parseData(event.data);
        if (data) onEvent({ type, data } as ServerEvent);
      });
    }
  }

  open(since?.());
  return () => {
    isClosed = true;
    clearTimeout(retryTimer);
    source?.close();
  };
}
