import { useSession } from '@/features/auth';
import { AdminPanel } from '@/features/admin';

/** /admin: RequireAuth has loaded the session, so the user is known here. */
export function AdminRoute() {
  const { data: user } = useSession();
  if (!user) return null;
  return <AdminPanel currentUser={user} />;
}
