import { Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { PublicUser, UpdateProfileBody } from '@drapeau/shared';
import { BIO_MAX, USERNAME_MAX, USERNAME_MIN } from '@drapeau/shared/constants';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';

import { useUpdateProfile } from '../api/update-profile';

/** Only what changed is sent; nothing else (email, score, rank) is ever part of the body. */
function buildProfileChanges(user: PublicUser, username: string, bio: string): UpdateProfileBody {
  const changes: UpdateProfileBody = {};
  const trimmed = username.trim();
  if (trimmed !== user.username) changes.username = trimmed;
  if (bio !== user.bio) changes.bio = bio;
  return changes;
}

/** Editable username and bio (≤ 500 characters, with a counter); the email is shown read-only, changed on /account (docs/product.md#profile). */
export function ProfileForm({ user }: { user: PublicUser }) {
  const { t } = useTranslation(['profile', 'common', 'errors']);
  const ids = useId();
  const [username, setUsername] = useState(user.username);
  const [bio, setBio] = useState(user.bio);
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const update = useUpdateProfile();

  const changes = buildProfileChanges(user, username, bio);
  const hasChanges = Object.keys(changes).length > 0;

  async function submit() {
    // The schema is loaded when a new username is sent, not with the page: the profile page stays without the schema
    // library (docs/architecture.md#web-app).
    if (changes.username !== undefined) {
      const { UsernameSchema } = await import('@drapeau/shared');
      if (!UsernameSchema.safeParse(changes.username).success) {
        setUsernameError(t('errors:USERNAME_INVALID', { usernameMin: USERNAME_MIN, usernameMax: USERNAME_MAX }));
        return;
      }
    }
    setUsernameError(null);
    update.mutate(changes, {
      onSuccess: () => toast({ title: t('common:success'), description: t('profile:form.saved') }),
      onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The schema's chunk may fail to load (a lost connection): said as any failure to save.
    submit().catch((error: unknown) =>
      toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
    );
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{t('profile:form.title')}</h2>
      </CardHeader>
      <CardContent>
        <form className="grid gap-5" onSubmit={handleSubmit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-username`}>{t('profile:form.username')}</Label>
            <Input
              id={`${ids}-username`}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              maxLength={USERNAME_MAX}
              autoComplete="username"
              required
              aria-invalid={usernameError !== null}
              aria-describedby={usernameError ? `${ids}-username-error` : undefined}
            />
            {usernameError && (
              <p id={`${ids}-username-error`} className="text-sm text-destructive">
                {usernameError}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-email`}>{t('profile:form.email')}</Label>
            <Input
              id={`${ids}-email`}
              type="email"
              value={user.email ?? ''}
              readOnly
              aria-describedby={`${ids}-email-hint`}
              className="cursor-not-allowed bg-muted/40 text-muted-foreground"
            />
            <p id={`${ids}-email-hint`} className="text-xs text-muted-foreground">
              <Link to="/account" className="underline underline-offset-2 hover:text-foreground">
                {t('profile:form.emailElsewhere')}
              </Link>
            </p>
          </div>
          <div className="grid gap-2">
            <div className="flex items-baseline justify-between gap-2">
              <Label htmlFor={`${ids}-bio`}>{t('profile:form.bio')}</Label>
              <span
                id={`${ids}-bio-count`}
                className={cn('text-xs tabular-nums text-muted-foreground', bio.length >= BIO_MAX && 'text-warning')}
              >
                {t('profile:form.bioCount', { count: bio.length, max: BIO_MAX })}
              </span>
            </div>
            <Textarea
              id={`${ids}-bio`}
              value={bio}
              onChange={(event) => setBio(event.target.value)}
              maxLength={BIO_MAX}
              rows={4}
              placeholder={t('profile:form.bioPlaceholder')}
              aria-describedby={`${ids}-bio-count`}
            />
          </div>
          <Button type="submit" className="w-full sm:w-fit sm:justify-self-end" disabled={!hasChanges || update.isPending}>
            {update.isPending ? <Spinner className="text-current" label={t('profile:form.saving')} /> : <Save />}
            {update.isPending ? t('profile:form.saving') : t('profile:form.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
