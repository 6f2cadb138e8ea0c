import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { SecondFactorMethod } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface TwoFactorStepProps {
  /** The account's second factors: the code form only with TOTP on; a passkey is always offered. */
  methods: readonly SecondFactorMethod[];
  isPending: boolean;
  onSubmit: (code: string, method: 'totp' | 'backup') => void;
  onPasskey: () => void;
}

/** The second step of a sign-in: a code from the authenticator app, a backup code, or a passkey. */
export function TwoFactorStep({ methods, isPending, onSubmit, onPasskey }: TwoFactorStepProps) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [method, setMethod] = useState<'totp' | 'backup'>('totp');
  const isBackup = method === 'backup';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(code, method);
  }

  if (!methods.includes('totp')) {
    return (
      <div className="grid gap-4" aria-busy={isPending}>
        <h2 className="text-lg font-semibold">{t('twoFactor.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('twoFactor.passkeyHint')}</p>
        <Button type="button" size="lg" className="w-full" disabled={isPending} onClick={onPasskey}>
          {t('twoFactor.usePasskey')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-4" aria-busy={isPending} aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="text-lg font-semibold">
        {t('twoFactor.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{isBackup ? t('twoFactor.backupHint') : t('twoFactor.hint')}</p>
      <div className="grid gap-2">
        <Label htmlFor="two-factor-code">{isBackup ? t('twoFactor.backupCode') : t('twoFactor.code')}</Label>
        <Input
          id="two-factor-code"
          name="code"
          required
          autoComplete="one-time-code"
          {...(isBackup ? { maxLength: 32 } : { inputMode: 'numeric' as const, pattern: '[0-9]{6}', maxLength: 6 })}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={isPending}
        />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={isPending}>
        {t('twoFactor.submit')}
      </Button>
      <Button
        type="button"
        variant="link"
        className="h-auto p-0"
        onClick={() => {
          setMethod(isBackup ? 'totp' : 'backup');
          setCode('');
        }}
      >
        {isBackup ? t('twoFactor.useApp') : t('twoFactor.useBackup')}
      </Button>
      <Button type="button" variant="outline" className="w-full" disabled={isPending} onClick={onPasskey}>
        {t('passkey.useInstead')}
      </Button>
    </form>
  );
}
