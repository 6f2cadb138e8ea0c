export { AdminPanel, type AdminExtraTab } from './components/admin-panel';
