export { WriteUpsSection } from './components/write-ups-section';
