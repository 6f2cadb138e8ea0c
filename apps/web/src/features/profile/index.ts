export { OwnProfile } from './components/own-profile';
export { UserProfile } from './components/user-profile';
