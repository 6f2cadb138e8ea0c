import { LandingPage } from '@/features/landing';

export function HomeRoute() {
  return <LandingPage />;
}
