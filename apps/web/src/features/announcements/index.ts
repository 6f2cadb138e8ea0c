export { AnnouncementsBell } from './components/announcements-bell';
export { AnnouncementsAdminTab } from './components/announcements-admin-tab';
