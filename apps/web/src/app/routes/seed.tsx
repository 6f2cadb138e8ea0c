import { useSession } from '@/features/auth';
import { SeedPanel } from '@/features/seed';

export function SeedRoute() {
  const { data: user } = useSession();
  return <SeedPanel isAdmin={user?.rank === 'admin'} />;
}
