export { LabPanel } from './components/lab-panel';
