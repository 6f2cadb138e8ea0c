import { z } from 'zod';

import { EVENT_MODES, EVENT_NAME_MAX, EVENT_PHASES, FIRST_BLOOD_BONUS_MAX } from '../constants.js';

/**
 * docs/product.md#events: training (no times: the permanent platform) or a timed event. Stored as the `event` platform
 * setting (GET/PATCH /api/admin/settings), so that a change is audited and reaches every instance like any setting.
 */
const EventModeSchema = z.enum(EVENT_MODES);
export type EventMode = z.infer<typeof EventModeSchema>;

const instant = z.iso.datetime({ offset: true });

/** An event's name in English and French (docs/product.md#events); an empty French name shows the English one. */
export const EventNameSchema = z
  .object({ en: z.string().trim().max(EVENT_NAME_MAX), fr: z.string().trim().max(EVENT_NAME_MAX) })
  .strict();

export const EventSettingsSchema = z
  .object({
    mode: EventModeSchema,
    /** The event's name (docs/product.md#events). Absent = no name, so that settings stored before it stay valid. */
    name: EventNameSchema.default({ en: '', fr: '' }),
    /** ISO 8601 instants; kept in training mode too, so that switching back to an event loses nothing. */
    startsAt: instant.nullable(),
    endsAt: instant.nullable(),
    /**
     * From this instant the numbers players see stay as they were (docs/product.md#events: the freeze). Stored and
     * validated here; the freeze itself hooks into `eventPhaseAt` (the `isFrozen` of the server's event state).
     */
    freezeAt: instant.nullable(),
    /** After the end: a correct flag is accepted as practice (no points, not ranked) instead of refused. */
    allowPracticeAfterEnd: z.boolean(),
    /**
     * Points the first solver of each challenge gets on top of its points (docs/product.md#first-blood); 0 = none. Absent
     * = 0, so that event settings stored before it existed stay valid.
     */
    firstBloodBonus: z.number().int().min(0).max(FIRST_BLOOD_BONUS_MAX).default(0),
  })
  .strict()
  .superRefine((value, context) => {
    const start = value.startsAt === null ? null : Date.parse(value.startsAt);
    const end = value.endsAt === null ? null : Date.parse(value.endsAt);
    const freeze = value.freezeAt === null ? null : Date.parse(value.freezeAt);
    if (value.mode === 'event') {
      if (start === null) context.addIssue({ code: 'custom', path: ['startsAt'], message: 'An event needs a start.' });
      if (end === null) context.addIssue({ code: 'custom', path: ['endsAt'], message: 'An event needs an end.' });
    }
    if (start !== null && end !== null && end <= start)
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must come after the start.' });
    if (freeze !== null && ((start !== null && freeze < start) || (end !== null && freeze >= end)))
      context.addIssue({ code: 'custom', path: ['freezeAt'], message: 'The freeze must fall between the start and the end.' });
  });
export type EventSettings = z.infer<typeof EventSettingsSchema>;

export const DEFAULT_EVENT_SETTINGS: Readonly<EventSettings> = Object.freeze({
  mode: 'training',
  name: Object.freeze({ en: '', fr: '' }),
  startsAt: null,
  endsAt: null,
  freezeAt: null,
  allowPracticeAfterEnd: false,
  firstBloodBonus: 0,
});

/** training: no times; before: counting down, no challenge for players; running; ended: submissions refused or practice. */
const EventPhaseSchema = z.enum(EVENT_PHASES);
export type EventPhase = z.infer<typeof EventPhaseSchema>;

/** GET /api/event (public): the event's times and phase, and the server's clock (the countdowns count from it). */
export const PublicEventSchema = z.object({
  mode: EventModeSchema,
  name: EventNameSchema,
  phase: EventPhaseSchema,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  freezeAt: z.string().nullable(),
  allowPracticeAfterEnd: z.boolean(),
  /** The first-blood bonus in points (docs/product.md#first-blood); 0 = none. */
  firstBloodBonus: z.number().int(),
  /** Whether the freeze holds now (docs/product.md#freeze): players see the numbers as they were at `freezeAt`. */
  isFrozen: z.boolean(),
  /** The server's time when it answered (ISO 8601). */
  serverTime: z.string(),
});
export type PublicEvent = z.infer<typeof PublicEventSchema>;

/** Live event `event`: the settings changed; browsers refetch GET /api/event (the phase depends on the time). */
export type EventChangedEvent = EventSettings;

/**
 * GET /api/scoreboard/ctftime: CTFtime's JSON scoreboard feed, Jeopardy form (https://ctftime.org/json-scoreboard-feed):
 * every key of `taskStats` is one of `tasks`; times are UNIX seconds.
 */
const CtftimeTaskStatSchema = z.object({ points: z.number(), time: z.number().int() }).strict();
const CtftimeStandingSchema = z
  .object({
    pos: z.number().int().min(1),
    team: z.string(),
    score: z.number(),
    taskStats: z.record(z.string(), CtftimeTaskStatSchema),
    lastAccept: z.number().int().optional(),
  })
  .strict();
export const CtftimeFeedSchema = z.object({ tasks: z.array(z.string()), standings: z.array(CtftimeStandingSchema) }).strict();
export type CtftimeFeed = z.infer<typeof CtftimeFeedSchema>;
