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
  /** During a freeze, with what its solver may be told (`frozenView`, never written to a stream as such). */
  solve: SolveEvent & { frozenView?: { points: number; score: number } };
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
  /** Between server instances only: a user's sessions were revoked (role, ban, deletion, password or address change). */
  sessions: { userId: string };
  /** Between server instances only: these players changed team (docs/decisions/016-teams.md), their progress is reread. */
  'team-members': { userIds: string[] };
  /** Between server instances only: a hint was opened for a player, or in team mode for their team; progress in memory follows. */
  'hint-opened': { userId: string; hintId: number; teamId: string | null };
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
 * LISTEN/NOTIFY so that a solve on one instance reaches the clients of every instance.
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

const CHANNEL = 'drapeau_events';

/** One dedicated connection listens; publishing uses the pool. Reconnects by itself if the connection drops. */
export async function createPostgresEventBus(pool: pg.Pool, onError: (error: unknown) => void): Promise<EventBus> {
  const local = createMemoryEventBus();
  let client: pg.PoolClient | undefined;
  let closed = false;
  let lost = false;

  const connect = async (): Promise<void> => {
    try {
      const c = await pool.connect();
      c.on('notification', (message) => {
        if (message.channel !== CHANNEL || !message.payload) return;
        try {
          const parsed = JSON.parse(message.payload) as ServerEventMessage;
          local.publish(parsed.type, parsed.data);
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

  const deliver = async <K extends ServerEventName>(type: K, data: ServerEvents[K]): Promise<void> => {
    await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ type, data })]);
  };
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
