import { ForgotPasswordScreen } from '@/features/account';

export function ForgotPasswordRoute() {
  return <ForgotPasswordScreen />;
}
