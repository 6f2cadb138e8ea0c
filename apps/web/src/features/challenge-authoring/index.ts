export { ChallengesTab } from './components/challenges-tab';
export { IncidentsTab } from './components/incidents-tab';
