export { LiveUpdates } from './components/live-updates';
export { useLiveEvents } from './components/use-live-events';
export type { ServerEvent } from './api/subscribe-events';
