export { prefetchSession, useSession } from './api/get-session';
export { useLogout } from './api/logout';
export { AuthScreen } from './components/auth-screen';
