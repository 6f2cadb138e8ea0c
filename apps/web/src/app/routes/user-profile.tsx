import { useParams } from 'react-router';

import { useSession } from '@/features/auth';
import { UserProfile } from '@/features/profile';

export function UserProfileRoute() {
  const { userId = '' } = useParams();
  const { data: user } = useSession();
  return <UserProfile key={userId} userId={userId} currentUserId={user?.uid} />;
}
