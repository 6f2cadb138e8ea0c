import { VerifyEmailScreen } from '@/features/account';

export function VerifyEmailRoute() {
  return <VerifyEmailScreen />;
}
