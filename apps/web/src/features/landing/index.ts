export { LandingPage } from './components/landing-page';
