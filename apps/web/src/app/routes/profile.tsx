import { AccountSecurity } from '@/features/account';
import { useSession } from '@/features/auth';
import { OwnProfile } from '@/features/profile';

export function ProfileRoute() {
  const { data: user } = useSession();
  return (
    <>
      <OwnProfile user={user ?? null} />
      {user && (
        <div className="mx-auto mt-6 w-full max-w-4xl">
          <AccountSecurity user={user} />
        </div>
      )}
    </>
  );
}
