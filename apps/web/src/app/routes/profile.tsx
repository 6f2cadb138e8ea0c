import { useSession } from '@/features/auth';
import { OwnProfile } from '@/features/profile';

export function ProfileRoute() {
  const { data: user } = useSession();
  return <OwnProfile user={user ?? null} />;
}
