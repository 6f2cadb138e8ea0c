export { SeedPanel } from './components/seed-panel';
