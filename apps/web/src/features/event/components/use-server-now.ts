import { useSyncExternalStore } from 'react';

const everySecond = (onTick: () => void) => {
  const timer = setInterval(onTick, 1000);
  return () => clearInterval(timer);
};
const never = () => () => undefined;
/** This browser's time to the second: the same value for a whole second, as useSyncExternalStore requires. */
const currentSecond = () => Math.floor(Date.now() / 1000) * 1000;

/** The server's time (this browser's plus the offset measured when the event was read), ticking every second. */
export function useServerNow(clockOffsetMs: number, isTicking: boolean): number {
  return useSyncExternalStore(isTicking ? everySecond : never, currentSecond) + clockOffsetMs;
}
