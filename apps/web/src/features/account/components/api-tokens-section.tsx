import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import {
  ADMIN_API_TOKEN_MAX_DAYS,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_NAME_MAX,
  type ApiTokenScope,
  type CreatedApiToken,
  type Role,
} from '@drapeau/shared';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';

import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/token-requests';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** The scopes a role may ask for (docs/product.md#sessions, API tokens): its own besides `player`. */
const SCOPES_OF: Record<Role, readonly ApiTokenScope[]> = {
  user: ['player'],
  teacher: ['player', 'teacher'],
  admin: ['player', 'admin'],
};
const BADGE_OF = { player: 'secondary', teacher: 'default', admin: 'destructive' } as const;

/**
 * Profile → account → API tokens: create one (shown once), list them with their scope, revoke them. A teacher may ask for
 * a teacher token; an admin for an admin token (a code from the authenticator app, at most ADMIN_API_TOKEN_MAX_DAYS); the
 * server checks all of it.
 */
export function ApiTokensSection({ rank = 'user' }: { rank?: Role }) {
  const { t } = useTranslation(['account', 'common', 'errors']);
  const locale = useLocale();
  const ids = useId();
  const [name, setName] = useState('');
  const [days, setDays] = useState('90');
  const [scope, setScope] = useState<ApiTokenScope>('player');
  const [code, setCode] = useState('');
  const scopes = SCOPES_OF[rank];
  const asAdmin = rank === 'admin' && scope === 'admin';
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const fail = (error: unknown) =>
    toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) });

  function handleCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), expiresInDays: Number(days), scope, ...(asAdmin ? { totpCode: code.trim() } : {}) },
      {
        onSuccess: (token) => {
          setCreated(token);
          setName('');
          setCode('');
        },
        onError: fail,
      },
    );
  }

  async function copy(token: string) {
    try {
      await navigator.clipboard.writeText(token);
      toast({ title: t('account:tokens.copied') });
    } catch {
      // The token stays on screen to be copied by hand.
    }
  }

  return (
    <section className="grid gap-3" aria-labelledby={`${ids}-tokens-title`}>
      <h3 id={`${ids}-tokens-title`} className="font-medium">
        {t('account:tokens.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('account:tokens.hint')}</p>
      {/* Wrapped, not scrolled: a scrollable block would need keyboard focus (axe scrollable-region-focusable). */}
      <pre className="rounded-md bg-muted p-2 text-xs break-all whitespace-pre-wrap">
        {'curl -H "Authorization: Bearer drp_…" ' + `${window.location.origin}/api/challenges`}
      </pre>
      {created && (
        <div role="status" className="grid gap-2 rounded-md border border-amber-500 p-3">
          <p className="text-sm font-medium">{t('account:tokens.shownOnce', { name: created.name })}</p>
          <code data-testid="new-api-token" className="break-all rounded bg-muted p-2 text-sm">
            {created.token}
          </code>
          <div className="flex gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => void copy(created.token)}>
              {t('account:tokens.copy')}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setCreated(null)}>
              {t('account:tokens.hide')}
            </Button>
          </div>
        </div>
      )}
      {rank === 'admin' && (
        <p className="text-sm text-muted-foreground">{t('account:tokens.adminHint', { days: ADMIN_API_TOKEN_MAX_DAYS })}</p>
      )}
      {rank === 'teacher' && <p className="text-sm text-muted-foreground">{t('account:tokens.teacherHint')}</p>}
      <form className="flex flex-wrap items-end gap-2" onSubmit={handleCreate}>
        <div className="grid min-w-48 flex-1 gap-2">
          <Label htmlFor={`${ids}-token-name`}>{t('account:tokens.name')}</Label>
          <Input
            id={`${ids}-token-name`}
            required
            maxLength={API_TOKEN_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="grid w-32 gap-2">
          <Label htmlFor={`${ids}-token-days`}>{t('account:tokens.days')}</Label>
          <Input
            id={`${ids}-token-days`}
            type="number"
            required
            min={1}
            max={asAdmin ? ADMIN_API_TOKEN_MAX_DAYS : API_TOKEN_MAX_DAYS}
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
        </div>
        {scopes.length > 1 && (
          <div className="grid w-40 gap-2">
            <Label htmlFor={`${ids}-token-scope`}>{t('account:tokens.scope')}</Label>
            <NativeSelect
              id={`${ids}-token-scope`}
              value={scope}
              onChange={(event) => {
                const next = event.target.value as ApiTokenScope;
                setScope(next);
                if (next === 'admin' && Number(days) > ADMIN_API_TOKEN_MAX_DAYS) setDays(String(ADMIN_API_TOKEN_MAX_DAYS));
              }}
            >
              {scopes.map((option) => (
                <option key={option} value={option}>
                  {t(`account:tokens.scopes.${option}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        {asAdmin && (
          <div className="grid w-40 gap-2">
            <Label htmlFor={`${ids}-token-code`}>{t('account:tokens.code')}</Label>
            <Input
              id={`${ids}-token-code`}
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </div>
        )}
        <Button type="submit" disabled={create.isPending}>
          {t('account:tokens.create')}
        </Button>
      </form>
      {tokens.data && tokens.data.tokens.length === 0 && (
        <p className="text-sm text-muted-foreground">{t('account:tokens.none')}</p>
      )}
      <ul className="grid gap-2">
        {tokens.data?.tokens.map((token) => (
          <li key={token.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
            <span>
              <span className="font-medium">{token.name}</span> <code>…{token.hint}</code>{' '}
              <Badge variant={BADGE_OF[token.scope]}>{t(`account:tokens.scopes.${token.scope}`)}</Badge>
              <span className="block text-muted-foreground">
                {t('account:tokens.expires', { date: formatDate(token.expiresAt, locale, DAY) })}
                {' · '}
                {token.lastUsedAt
                  ? t('account:tokens.lastUsed', { date: formatDate(token.lastUsedAt, locale, DAY) })
                  : t('account:tokens.neverUsed')}
              </span>
            </span>
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={t('account:tokens.revokeNamed', { name: token.name })}
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(token.id, {
                  onSuccess: () => toast({ title: t('common:success'), description: t('account:tokens.revoked') }),
                  onError: fail,
                })
              }
            >
              {t('account:tokens.revoke')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
