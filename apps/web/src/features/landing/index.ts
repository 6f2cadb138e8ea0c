export { LandingPage } from './components/landing-page';
export { useStats } from './api/get-stats';
