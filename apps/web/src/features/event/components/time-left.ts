/** A duration as days and `hh:mm:ss` (never negative): `{ days: 1, clock: '02:03:04' }`. */
export function splitTimeLeft(ms: number): { days: number; clock: string } {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return { days, clock: `${pad(hours)}:${pad(minutes)}:${pad(total % 60)}` };
}

/** What the event's state shows: the next instant it changes at, and what it is counting to. */
type EventCountdownTarget = { kind: 'startsIn' | 'endsIn'; at: number } | { kind: 'ended' } | null;

export function countdownTarget(
  event: { phase: string; startsAt: string | null; endsAt: string | null },
  now: number,
): EventCountdownTarget {
  if (event.phase === 'training' || event.startsAt === null || event.endsAt === null) return null;
  const start = Date.parse(event.startsAt);
  const end = Date.parse(event.endsAt);
  if (now < start) return { kind: 'startsIn', at: start } as const;
  if (now < end) return { kind: 'endsIn', at: end } as const;
  return { kind: 'ended' } as const;
}
