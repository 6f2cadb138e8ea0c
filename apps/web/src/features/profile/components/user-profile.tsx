import { PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ErrorNotice } from '@/components/ui/error-notice';
import { PageSpinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useUser } from '../api/get-user';

import { BadgeList } from './badge-list';
import { ProfileHero } from './profile-hero';
import { ProfileStats } from './profile-stats';
import { SolvedChallengeList } from './solved-challenge-list';
import { UserNotFound } from './user-not-found';

interface UserProfileProps {
  userId: string;
  /** The signed-in user's id: their own page gets a "You" tag. */
  currentUserId?: string | undefined;
}

/** Another player's profile, /user/{userId} (docs/product.md#another-players-profile). */
export function UserProfile({ userId, currentUserId }: UserProfileProps) {
  const { t } = useTranslation(['profile', 'common']);
  const { data: user, error, isPending, refetch } = useUser(userId);
  useDocumentTitle(user?.username ?? t('profile:playerTitle'));

  if (isPending) return <PageSpinner label={t('common:loading')} />;
  if (error) {
    if (isApiError(error) && error.code === 'USER_NOT_FOUND') return <UserNotFound />;
    return (
      <ErrorNotice
        title={t('profile:loadFailed')}
        message={getErrorMessage(t, error)}
        onRetry={() => void refetch()}
        retryLabel={t('common:retry')}
      />
    );
  }

  const isSelf = user.uid === currentUserId;
  const avatar = (
    <Avatar src={user.avatarUrl} name={user.username} size="xl" ring={user.rank === 'admin' ? 'admin' : 'primary'} />
  );

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <ProfileHero user={user} avatar={avatar} isSelf={isSelf}>
        <ProfileStats user={user} />
        {isSelf && (
          <Button asChild variant="outline" size="sm" className="justify-self-center sm:justify-self-start">
            <Link to="/profile">
              <PenLine />
              {t('profile:editProfile')}
            </Link>
          </Button>
        )}
      </ProfileHero>
      {user.bio.trim() !== '' && (
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">{t('profile:bio')}</h2>
          </CardHeader>
          <CardContent>
            <p className="text-sm leading-relaxed break-words whitespace-pre-line text-muted-foreground">{user.bio}</p>
          </CardContent>
        </Card>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <BadgeList badgeIds={user.badges} />
        <SolvedChallengeList
          challengeIds={user.solvedChallenges}
          display="shortIds"
          firstBloods={user.firstBloods}
          solvedAfterFreeze={user.solvedAfterFreeze}
        />
      </div>
    </div>
  );
}
