import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

import type pg from 'pg';

import type {
  AnnouncementEvent,
  ChallengesChangedEvent,
  EventChangedEvent,
  LeaderboardChangedEvent,
  SettingsChangedEvent,
  SharedFlagIncident,
  SolveEvent,
} from '@drapeau/shared';

export interface ServerEvents {
  /**
   * During a freeze, with what its solver may be told (`frozenView`, never written to a stream as such); `solveIds` are
   * the rows every instance's scoring ledger reads (never written to a stream).
   */
  solve: SolveEvent & { frozenView?: { points: number; score: number }; solveIds?: number[] };
  leaderboard: LeaderboardChangedEvent;
  challenges: ChallengesChangedEvent;
  /** An announcement written or deleted: every signed-in client toasts or refetches. */
  announcement: AnnouncementEvent;
  /** The event's settings changed (docs/product.md#events): open pages refetch its phase and times. */
  event: EventChangedEvent;
  /** Admins' streams only (events.routes.ts filters by role). */
  incident: SharedFlagIncident;
  /** Between server instances only: the SSE route forwards SERVER_EVENT_TYPES and nothing else. */
  settings: SettingsChangedEvent;
  /**
   * Between server instances only: a user's sessions were revoked (role, ban, deletion, password or address change); each
   * instance forgets them and ends that user's live streams.
   */
  sessions: { userId: string };
  /** Between server instances only: these players changed team (docs/decisions/016-teams.md), their progress is reread. */
  'team-members': { userIds: string[] };
  /**
   * Between server instances only: a hint was opened for a player, or in team mode for their team; progress in memory
   * follows, and the scoring ledger takes its cost off its owner's solve of the challenge.
   */
  'hint-opened': { userId: string; hintId: number; teamId: string | null; challengeId: string; cost: number };
  /**
   * On this instance only: its LISTEN connection is back after a drop, and what other instances announced meanwhile was
   * missed. Whatever the bus keeps fresh (standings, remembered sessions, settings) is rebuilt.
   */
  resync: { reason: 'listen-reconnected' };
}
/** Event types written to admins' streams only. */
export const ADMIN_ONLY_EVENTS: ReadonlySet<ServerEventName> = new Set<ServerEventName>(['incident']);
export type ServerEventName = keyof ServerEvents;
export interface ServerEventMessage<K extends ServerEventName = ServerEventName> {
  type: K;
  data: ServerEvents[K];
}

type Listener = (message: ServerEventMessage) => void;

/**
 * Live events (docs/architecture.md#live-updates). In one process they go through memory; on PostgreSQL they go through
 * LISTEN/NOTIFY so that a solve on one instance reaches the clients of every instance, and to the instance's own
 * subscribers at once.
 */
export interface EventBus {
  /** Fire and forget: a failure is reported to the bus's error handler. */
  publish: <K extends ServerEventName>(type: K, data: ServerEvents[K]) => void;
  /**
   * Resolves once every instance has been told: on PostgreSQL, when the NOTIFY is committed (the listening connections
   * then receive it before any later answer of this instance can reach a client). For what must hold everywhere before
   * a change is answered (revoked sessions).
   */
  deliver: <K extends ServerEventName>(type: K, data: ServerEvents[K]) => Promise<void>;
  subscribe: (listener: Listener) => () => void;
  /** False while the PostgreSQL bus has no LISTEN connection (the instance then hears nothing from the others). */
  isListening: () => boolean;
  close: () => Promise<void>;
}

export function createMemoryEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (type, data) => {
      emitter.emit('event', { type, data });
    },
    deliver: async (type, data) => {
      emitter.emit('event', { type, data });
    },
    subscribe: (listener) => {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    isListening: () => true,
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/** What a module does on the events it follows: one handler per event type, given that event's data. */
type EventHandlers = { [K in ServerEventName]?: (data: ServerEvents[K]) => void };

/**
 * Subscribes a module's handlers to the bus (docs/architecture.md "A flag's path"): each module says in its own
 * `<m>.handlers.ts` what it does on which event, and the composition root only hands it the bus.
 */
export function subscribeHandlers(events: Pick<EventBus, 'subscribe'>, handlers: EventHandlers): () => void {
  return events.subscribe((message) => {
    const handler = handlers[message.type] as ((data: ServerEvents[ServerEventName]) => void) | undefined;
    handler?.(message.data);
  });
}

const CHANNEL = 'drapeau_events';
/** PostgreSQL's bound on a NOTIFY payload (its default build): a payload must be shorter. */
const NOTIFY_PAYLOAD_BYTES = 8000;
/** The ids of one `challenges` event: its payload stays well under NOTIFY's bound, whatever the ids. */
const CHALLENGE_IDS_BYTES_PER_EVENT = 6000;

/**
 * Announces changed challenges (an import, an edit, solves removed by a team merge) in as many `challenges` events as
 * their ids need: an import of a few hundred challenges is more than one NOTIFY can carry.
 */
export function publishChallengesChanged(events: Pick<EventBus, 'publish'>, challengeIds: readonly string[]): void {
  let chunk: string[] = [];
  let bytes = 0;
  for (const id of challengeIds) {
    const size = Buffer.byteLength(JSON.stringify(id)) + 1;
    if (chunk.length > 0 && bytes + size > CHALLENGE_IDS_BYTES_PER_EVENT) {
      events.publish('challenges', { challengeIds: chunk });
      chunk = [];
      bytes = 0;
    }
    chunk.push(id);
    bytes += size;
  }
  if (chunk.length > 0 || challengeIds.length === 0) events.publish('challenges', { challengeIds: chunk });
}

/**
 * Tells the running instances from a process that is not one (the command-line tool on PostgreSQL): one notification,
 * which every listening instance delivers to its own subscribers.
 */
export async function notifyInstances<K extends ServerEventName>(pool: pg.Pool, type: K, data: ServerEvents[K]): Promise<void> {
  await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ type, data })]);
}

/** One dedicated connection listens; publishing uses the pool. Reconnects by itself if the connection drops. */
export async function createPostgresEventBus(pool: pg.Pool, onError: (error: unknown) => void): Promise<EventBus> {
  const local = createMemoryEventBus();
  /** Marks this instance's notifications, which come back to it too. */
  const origin = randomUUID();
  let client: pg.PoolClient | undefined;
  let closed = false;
  let lost = false;

  const connect = async (): Promise<void> => {
    try {
      const c = await pool.connect();
      c.on('notification', (message) => {
        if (message.channel !== CHANNEL || !message.payload) return;
        try {
          const parsed = JSON.parse(message.payload) as ServerEventMessage & { origin?: string };
          // This instance's own events were delivered here when published.
          if (parsed.origin !== origin) local.publish(parsed.type, parsed.data);
        } catch (error) {
          onError(error);
        }
      });
      c.on('error', (error) => {
        if (client !== c) return;
        client = undefined;
        lost = true;
        c.release(true);
        if (closed) return;
        onError(error);
        setTimeout(() => void connect(), 1000);
      });
      await c.query(`listen ${CHANNEL}`);
      client = c;
      if (lost) {
        lost = false;
        local.publish('resync', { reason: 'listen-reconnected' });
      }
    } catch (error) {
      onError(error);
      lost = true;
      if (!closed) setTimeout(() => void connect(), 1000);
    }
  };
  await connect();

  // What is published in one turn of the event loop goes in one statement (the solves of a batch of correct flags and
  // their leaderboard events: two per flag), each message still a notification of its own. PostgreSQL delivers the
  // notifications of one statement in order, and drops a payload repeated within it: the bus's events say "this
  // changed", so a repeated one says nothing more.
  let queued: { payload: string; sent: { resolve: () => void; reject: (error: unknown) => void } }[] = [];
  const flush = async (): Promise<void> => {
    const batch = queued;
    queued = [];
    try {
      await pool.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
        CHANNEL,
        batch.map((message) => message.payload),
      ]);
      for (const message of batch) message.sent.resolve();
    } catch (error) {
      for (const message of batch) message.sent.reject(error);
    }
  };
  const deliver = <K extends ServerEventName>(type: K, data: ServerEvents[K]): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      // Here at once, as in one process: a player's next request to this instance sees their own solve whether or not
      // the notification has come back. A subscriber that throws here does not keep the others from being told.
      try {
        local.publish(type, data);
      } catch (error) {
        onError(error);
      }
      const payload = JSON.stringify({ origin, type, data });
      const bytes = Buffer.byteLength(payload);
      // Refused alone, before it would fail the statement of the messages sent with it.
      if (bytes >= NOTIFY_PAYLOAD_BYTES) {
        reject(new Error(`The ${type} event is ${bytes} bytes: a NOTIFY payload is under ${NOTIFY_PAYLOAD_BYTES}.`));
        return;
      }
      if (queued.length === 0) setImmediate(() => void flush());
      queued.push({ payload, sent: { resolve, reject } });
    });
  return {
    publish: (type, data) => {
      deliver(type, data).catch(onError);
    },
    deliver,
    subscribe: local.subscribe,
    isListening: () => client !== undefined,
    close: async () => {
      closed = true;
      const c = client;
      client = undefined;
      if (c) {
        await c.query(`unlisten ${CHANNEL}`).catch(() => {});
        c.release();
      }
      await local.close();
    },
  };
}
