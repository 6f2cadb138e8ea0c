export { InstancePanel } from './components/instance-panel';
export { InstancesAdminTab } from './components/instances-admin-tab';
