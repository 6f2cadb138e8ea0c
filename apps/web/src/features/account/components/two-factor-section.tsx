import { Copy, Download } from 'lucide-react';
import qrcode from 'qrcode-generator';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { TwoFactorEnrolment } from '@drapeau/shared';
import { PASSWORD_MAX } from '@drapeau/shared/constants';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';

import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor, useTwoFactorStatus } from '../api/two-factor-requests';

/** The enrolment URI as a QR code image (an SVG data URL: no markup injected). */
function QrCode({ uri, label }: { uri: string; label: string }) {
  const src = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(uri);
    qr.make();
    return `data:image/svg+xml;utf8,${encodeURIComponent(qr.createSvgTag({ cellSize: 4, margin: 2 }))}`;
  }, [uri]);
  return <img src={src} alt={label} className="size-44 rounded bg-white p-1" />;
}

/** The backup codes, one a line, copied to the clipboard or saved as a text file (a data URL: nothing to revoke). */
function BackupCodeActions({ codes }: { codes: string[] }) {
  const { t } = useTranslation(['account', 'common']);
  const text = `${codes.join('\n')}\n`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast({ description: t('account:twoFactor.backupCopied') });
    } catch {
      toast({ variant: 'destructive', title: t('common:error'), description: t('account:twoFactor.backupCopyFailed') });
    }
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
        <Copy aria-hidden="true" />
        {t('account:twoFactor.backupCopy')}
      </Button>
      <Button variant="outline" size="sm" asChild>
        <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="drapeau-backup-codes.txt">
          <Download aria-hidden="true" />
          {t('account:twoFactor.backupDownload')}
        </a>
      </Button>
    </div>
  );
}

/** Account → two-factor: turn on with the app (QR code, secret, backup codes, first code), turn off. */
export function TwoFactorSection() {
  const { t } = useTranslation(['account', 'common', 'errors']);
  const ids = useId();
  const status = useTwoFactorStatus();
  const enable = useEnableTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const fail = (error: unknown) =>
    toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) });
  const done = (message: string) => {
    toast({ title: t('common:success'), description: message });
    setPassword('');
    setCode('');
  };
  const isOn = status.data?.enabled === true;

  function handleEnable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    enable.mutate({ password }, { onSuccess: (result) => (setEnrolment(result), setPassword('')), onError: fail });
  }
  function handleConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    confirm.mutate(
      { code: code.trim() },
      { onSuccess: () => (setEnrolment(null), done(t('account:twoFactor.enabled'))), onError: fail },
    );
  }
  function handleDisable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    disable.mutate({ password, code: code.trim() }, { onSuccess: () => done(t('account:twoFactor.disabled')), onError: fail });
  }

  const passwordField = (
    <div className="grid gap-2">
      <Label htmlFor={`${ids}-2fa-password`}>{t('account:fields.currentPassword')}</Label>
      <Input
        id={`${ids}-2fa-password`}
        type="password"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
    </div>
  );
  const codeField = (label: string) => (
    <div className="grid gap-2">
      <Label htmlFor={`${ids}-2fa-code`}>{label}</Label>
      <Input
        id={`${ids}-2fa-code`}
        required
        autoComplete="one-time-code"
        maxLength={32}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
    </div>
  );

  return (
    <section className="grid gap-3" aria-labelledby={`${ids}-2fa-title`}>
      <h3 id={`${ids}-2fa-title`} className="flex items-center gap-2 font-medium">
        {t('account:twoFactor.title')}
        {status.data && (
          <Badge variant={isOn ? 'emerald' : 'secondary'}>{isOn ? t('account:twoFactor.on') : t('account:twoFactor.off')}</Badge>
        )}
      </h3>
      <p className="text-sm text-muted-foreground">{t('account:twoFactor.hint')}</p>
      {isOn ? (
        <form className="grid gap-3" onSubmit={handleDisable}>
          {passwordField}
          {codeField(t('account:twoFactor.codeOrBackup'))}
          <Button type="submit" variant="outline" className="justify-self-start" disabled={disable.isPending}>
            {t('account:twoFactor.disable')}
          </Button>
        </form>
      ) : enrolment ? (
        <div className="grid gap-3">
          <p className="text-sm">{t('account:twoFactor.scan')}</p>
          <QrCode uri={enrolment.totpURI} label={t('account:twoFactor.qrLabel')} />
          <p className="text-sm">
            {t('account:twoFactor.secret')} <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <p className="text-sm font-medium">{t('account:twoFactor.backupCodes')}</p>
          <ul data-testid="backup-codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
            {enrolment.backupCodes.map((backupCode) => (
              <li key={backupCode}>{backupCode}</li>
            ))}
          </ul>
          <BackupCodeActions codes={enrolment.backupCodes} />
          <form className="grid gap-3" onSubmit={handleConfirm}>
            {codeField(t('account:twoFactor.firstCode'))}
            <Button type="submit" className="justify-self-start" disabled={confirm.isPending}>
              {t('account:twoFactor.confirm')}
            </Button>
          </form>
        </div>
      ) : (
        <form className="grid gap-3" onSubmit={handleEnable}>
          {passwordField}
          <Button type="submit" className="justify-self-start" disabled={enable.isPending}>
            {t('account:twoFactor.enable')}
          </Button>
        </form>
      )}
    </section>
  );
}
