import { ResetPasswordScreen } from '@/features/account';

export function ResetPasswordRoute() {
  return <ResetPasswordScreen />;
}
