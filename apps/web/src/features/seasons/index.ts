export { PastEventsPage } from './components/past-events-page';
export { SeasonPage } from './components/season-page';
export { SeasonsAdminTab } from './components/seasons-admin-tab';
