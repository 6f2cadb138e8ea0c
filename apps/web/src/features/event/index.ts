export { EventCountdown } from './components/event-countdown';
export { EventStatus } from './components/event-status';
export { EventTab } from './components/event-tab';
export { useEventState } from './components/use-event-state';
export { eventQueryOptions } from './api/get-event';
