import { AuthScreen } from '@/features/auth';

export function LoginRoute() {
  return <AuthScreen mode="login" />;
}
