import { type EventSettings, SCORE_GRAPH_PLAYERS } from '@drapeau/shared';

import type { Clock } from '../../lib/clock.js';
import type { EventState } from '../seasons/event-phase.js';
import type { EventBus, ServerEventMessage } from '../events/event-bus.js';

import { buildLines, type GraphSolve, toScoreGraph } from './score-graph.js';
import type { Standing } from './standings.js';

export interface ScoreGraphServiceDeps {
  /** The live solves with their points now (the leaderboard's, from the scoring ledger). */
  listLiveSolves: () => Promise<readonly GraphSolve[]>;
  events: EventBus;
  /** Changes of the platform settings on this instance (admins shown or hidden change the standings). */
  settings: { subscribe(listener: () => void): () => void };
  /** The leaderboard's standings, in its order (served from its memory). */
  listStandings: () => Promise<readonly Standing[]>;
  /** The event's phase and freeze (docs/product.md#events) and its times. */
  eventState: () => EventState;
  eventSettings: () => EventSettings;
  /** The frozen leaderboard's standings and their solves valued at the freeze (LeaderboardService.getFrozenStandings). */
  frozenStandings: (frozenAt: Date) => Promise<{ standings: readonly Standing[]; solves: readonly GraphSolve[] }>;
  clock: Clock;
  /** Team mode (docs/product.md#teams): the lines are the teams', and the graph says so. */
  isTeamMode?: () => boolean;
}

/**
 * Solves announced this long after the freeze cannot have been made before it (a solve's time is its transaction's
 * start): they leave the frozen view as it is, so that a freeze full of solves costs no rebuild per solve.
 */
const FROZEN_GRACE_MS = 60_000;

/**
 * The score graph (docs/product.md#score-graph): built from the solves, so its history survives restarts; its bytes are
 * kept per view (live, or frozen for players) until a change on the event bus, like the leaderboard's pages.
 */
export function createScoreGraphService(deps: ScoreGraphServiceDeps) {
  const { events, clock } = deps;
  let live = new Map<string, Promise<Buffer>>();
  let frozen = new Map<string, Promise<Buffer>>();

  const leavesFrozenViewAsItIs = (message: ServerEventMessage): boolean => {
    if (message.type === 'leaderboard') return (message.data as { reason: string }).reason === 'solve';
    if (message.type !== 'solve') return ['incident', 'announcement', 'sessions'].includes(message.type);
    const { freezeAt } = deps.eventSettings();
    const solvedAt = Date.parse((message.data as { solvedAt: string }).solvedAt);
    return freezeAt !== null && solvedAt >= Date.parse(freezeAt) + FROZEN_GRACE_MS;
  };
  const unsubscribeEvents = events.subscribe((message) => {
    live = new Map();
    if (!leavesFrozenViewAsItIs(message)) frozen = new Map();
  });
  const unsubscribeSettings = deps.settings.subscribe(() => {
    live = new Map();
    frozen = new Map();
  });

  const build = async (view: { isFrozen: boolean; startsAt: number | null; until: number | null }): Promise<Buffer> => {
    let lines;
    if (view.isFrozen) {
      const frozen = await deps.frozenStandings(new Date(view.until!));
      lines = buildLines(frozen.standings, frozen.solves);
    } else {
      const top = (await deps.listStandings()).slice(0, SCORE_GRAPH_PLAYERS);
      lines = buildLines(top, await deps.listLiveSolves());
    }
    const graph = toScoreGraph(lines, { ...view, now: clock.now().getTime() });
    return Buffer.from(JSON.stringify(deps.isTeamMode?.() ? { ...graph, isTeams: true } : graph));
  };

  return {
    /**
     * The JSON bytes of GET /api/leaderboard/graph. During a freeze players get the frozen view (the top at the freeze,
     * lines cut there); admins always get the live one.
     */
    getGraphBytes(isAdmin: boolean): Promise<Buffer> {
      const state = deps.eventState();
      const settings = deps.eventSettings();
      const isFrozen = !isAdmin && state.isFrozen && settings.freezeAt !== null;
      const until = isFrozen
        ? Date.parse(settings.freezeAt!)
        : state.phase === 'ended' && settings.endsAt !== null
          ? Date.parse(settings.endsAt)
          : null;
      const startsAt = settings.mode === 'event' && settings.startsAt !== null ? Date.parse(settings.startsAt) : null;
      const key = `${until}|${startsAt}`;
      const current = isFrozen ? frozen : live;
      let bytes = current.get(key);
      if (!bytes) {
        bytes = build({ isFrozen, startsAt, until });
        current.set(key, bytes);
        bytes.catch(() => current.delete(key));
      }
      return bytes;
    },
    close: () => {
      unsubscribeEvents();
      unsubscribeSettings();
    },
  };
}
export type ScoreGraphService = ReturnType<typeof createScoreGraphService>;
