import type { PublicEvent } from '@drapeau/shared';
import { EVENT_MODES, EVENT_PHASES } from '@drapeau/shared/constants';

import { isBoolean, isInteger, isString, lightSchema, nullable, objectOf, oneOf } from '@/lib/light-schema';

/**
 * Mirrors `PublicEventSchema` without the schema library: the landing page's event banner reads it, and the first page
 * stays light in event mode too (docs/architecture.md#web-app). `event-schema.test.ts` keeps the two equal.
 */
export const PublicEventLightSchema = lightSchema<PublicEvent>(
  objectOf({
    mode: oneOf(EVENT_MODES),
    name: objectOf({ en: isString, fr: isString }),
    phase: oneOf(EVENT_PHASES),
    startsAt: nullable(isString),
    endsAt: nullable(isString),
    freezeAt: nullable(isString),
    allowPracticeAfterEnd: isBoolean,
    firstBloodBonus: isInteger,
    isFrozen: isBoolean,
    serverTime: isString,
  }),
);
