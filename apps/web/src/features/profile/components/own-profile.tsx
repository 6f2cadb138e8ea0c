import { LogIn, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { PublicUser } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

import { AvatarUpload } from './avatar-upload';
import { BadgeList } from './badge-list';
import { ProfileForm } from './profile-form';
import { ProfileHero } from './profile-hero';
import { ProfileStats } from './profile-stats';
import { SolvedChallengeList } from './solved-challenge-list';

interface OwnProfileProps {
  /** The signed-in user (the session), null when signed out. */
  user: PublicUser | null;
}

/**
 * The own profile (docs/product.md#profile): avatar upload, stats with the next rank goal, username and bio editing, badges
 * and solved challenges.
 */
export function OwnProfile({ user }: OwnProfileProps) {
  const { t } = useTranslation(['profile', 'nav']);
  useDocumentTitle(t('profile:title'));

  if (!user) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
        <LogIn className="size-12 text-muted-foreground" aria-hidden="true" />
        <p className="text-lg font-semibold">{t('profile:signedOut')}</p>
        <Button asChild>
          <Link to="/login">{t('nav:login')}</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <ProfileHero user={user} avatar={<AvatarUpload user={user} />}>
        <ProfileStats user={user} showNext />
        <Button asChild variant="outline" size="sm" className="w-fit justify-self-center sm:justify-self-start">
          <Link to="/account">
            <Settings aria-hidden="true" />
            {t('profile:accountLink')}
          </Link>
        </Button>
      </ProfileHero>
      {/* Keyed by the saved values: after a save (or an admin edit) the form starts again from the server's answer. */}
      <ProfileForm key={`${user.uid}:${user.username}:${user.bio}`} user={user} />
      <div className="grid gap-6 lg:grid-cols-2">
        <BadgeList badgeIds={user.badges} />
        <SolvedChallengeList
          challengeIds={user.solvedChallenges}
          display="titles"
          firstBloods={user.firstBloods}
          solvedAfterFreeze={user.solvedAfterFreeze}
        />
      </div>
    </div>
  );
}
