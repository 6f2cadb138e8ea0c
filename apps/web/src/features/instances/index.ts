export { InstancePanel } from './components/instance-panel';
