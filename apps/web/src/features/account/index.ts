export { AccountSecurity } from './components/account-security';
export { ForgotPasswordScreen } from './components/forgot-password-screen';
export { ResetPasswordScreen } from './components/reset-password-screen';
export { VerifyEmailScreen } from './components/verify-email-screen';
