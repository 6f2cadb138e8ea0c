export { useSession, sessionQueryOptions } from './api/get-session';
export { useLogout } from './api/logout';
export { AuthScreen } from './components/auth-screen';
export type { AuthMode } from './components/use-auth-submit';
