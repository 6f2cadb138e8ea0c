import { AuthScreen } from '@/features/auth';

export function RegisterRoute() {
  return <AuthScreen mode="register" />;
}
