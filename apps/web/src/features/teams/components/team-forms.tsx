import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { TEAM_LIMITS } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';

import { useCreateTeam, useJoinTeam } from '../api/teams';

/** For a player in no team: create one (and be its captain), or join one with a code (prefilled from an invite link). */
export function NoTeam({ initialCode }: { initialCode: string }) {
  const { t } = useTranslation('teams');
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('noTeam.title')}</CardTitle>
          <CardDescription>{t('noTeam.description')}</CardDescription>
        </CardHeader>
      </Card>
      <div className="grid gap-6 md:grid-cols-2">
        <JoinTeamForm initialCode={initialCode} />
        <CreateTeamForm />
      </div>
    </div>
  );
}

function CreateTeamForm() {
  const { t } = useTranslation(['teams', 'errors']);
  const create = useCreateTeam();
  const [name, setName] = useState('');
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(name, { onSuccess: () => toast({ description: t('teams:create.done') }) });
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('teams:create.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={submit}>
          <Label htmlFor={`${id}-name`}>{t('teams:create.name')}</Label>
          <Input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            minLength={TEAM_LIMITS.nameMin}
            maxLength={TEAM_LIMITS.nameMax}
            required
          />
          {create.error && (
            <p role="alert" className="text-sm text-destructive">
              {getErrorMessage(t, create.error)}
            </p>
          )}
          <Button type="submit" disabled={create.isPending}>
            {t('teams:create.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function JoinTeamForm({ initialCode }: { initialCode: string }) {
  const { t } = useTranslation(['teams', 'errors']);
  const join = useJoinTeam();
  const [code, setCode] = useState(initialCode);
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    join.mutate(code, { onSuccess: (team) => toast({ description: t('teams:join.done', { name: team?.name }) }) });
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('teams:join.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={submit}>
          <Label htmlFor={`${id}-code`}>{t('teams:join.code')}</Label>
          <Input id={`${id}-code`} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" required />
          {join.error && (
            <p role="alert" className="text-sm text-destructive">
              {getErrorMessage(t, join.error)}
            </p>
          )}
          <Button type="submit" disabled={join.isPending}>
            {t('teams:join.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
