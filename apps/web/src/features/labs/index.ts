export { hasLab, LabPanel } from './components/lab-panel';
