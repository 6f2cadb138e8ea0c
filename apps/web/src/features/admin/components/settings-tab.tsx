import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import {
  EMAIL_VERIFICATION_MODES,
  TEAM_LIMITS,
  type EmailVerificationMode,
  type PlatformSettings,
  type TeamSettings,
} from '@drapeau/shared';

import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';

import { useSettings } from '../api/get-settings';
import { usePerUserFlags, useUpdatePerUserFlags } from '../api/per-user-flags';
import { useUpdateSettings } from '../api/update-settings';

import { AdminSection } from './admin-section';
import { SectionError, SectionSpinner } from './section-state';

type BooleanSettingKey = {
  [K in keyof PlatformSettings]: PlatformSettings[K] extends boolean ? K : never;
}[keyof PlatformSettings];

/**
 * Every setting of GET /api/admin/settings has its row here, but the event's (its own page, which the last row links to),
 * and the built-in pack's per-player flags (a setting of its own route, GET/PUT /api/admin/settings/per-user-flags).
 *
 * One row per on/off setting, in this order; its texts are `admin:settings.fields.<key>.{label,description}`. A new one is
 * one line here (docs/decisions/008-platform-settings.md). Email verification, a choice of three, has its own row.
 */
const SETTING_ROWS: { key: BooleanSettingKey }[] = [
  { key: 'rankStaff' },
  { key: 'requireTwoFactorForAdmins' },
  { key: 'ctftimeFeedPublished' },
];

/** The admins' platform settings: each switch saves at once and is recorded in the audit log. */
export function SettingsTab() {
  const { t } = useTranslation('admin');
  const settings = useSettings();

  return (
    <AdminSection title={t('settings.title')} description={t('settings.description')}>
      {settings.isPending ? (
        <SectionSpinner />
      ) : settings.error ? (
        <SectionError title={t('settings.loadFailed')} error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <ul className="divide-y divide-border/60">
          {SETTING_ROWS.map(({ key }) => (
            <BooleanSettingRow key={key} settingKey={key} value={settings.data[key]} />
          ))}
          <EmailVerificationRow value={settings.data.emailVerification} />
          <TeamsRow value={settings.data.teams} />
          <PerUserFlagsRow />
          <li className="flex flex-wrap items-center justify-between gap-3 py-4 last:pb-0">
            <p className="text-sm text-muted-foreground">{t('settings.eventElsewhere')}</p>
            <Link to="/admin/event/event" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              {t('settings.openEvent')}
            </Link>
          </li>
        </ul>
      )}
    </AdminSection>
  );
}

/** Saves a change of one setting, with a toast either way. */
function useSaveSetting() {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const update = useUpdateSettings();
  function save(body: Partial<PlatformSettings>) {
    update.mutate(body, {
      onSuccess: () => toast({ title: t('common:success'), description: t('admin:settings.saved') }),
      onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
    });
  }
  return { update, save };
}

/**
 * Email verification (issue #16.2): off, optional or required before playing; each choice is explained beside it. While
 * it is required, the server refuses play to an unconfirmed player (403 EMAIL_NOT_VERIFIED).
 */
function EmailVerificationRow({ value }: { value: EmailVerificationMode }) {
  const { t } = useTranslation('admin');
  const { update, save } = useSaveSetting();
  const id = useId();
  const selected = update.isPending && update.variables.emailVerification ? update.variables.emailVerification : value;

  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <fieldset className="grid gap-3" aria-describedby={`${id}-description`} disabled={update.isPending}>
        <legend className="font-medium">{t('settings.fields.emailVerification.label')}</legend>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {t('settings.fields.emailVerification.description')}
        </p>
        {EMAIL_VERIFICATION_MODES.map((mode) => (
          <label key={mode} className="flex cursor-pointer items-start gap-3 rounded-lg border border-border/60 p-3">
            <input
              type="radio"
              name={`${id}-mode`}
              value={mode}
              checked={selected === mode}
              onChange={() => save({ emailVerification: mode })}
              aria-labelledby={`${id}-${mode}-label`}
              aria-describedby={`${id}-${mode}`}
              className="mt-1 accent-primary"
            />
            <span className="grid gap-0.5">
              <span id={`${id}-${mode}-label`} className="text-sm font-medium">
                {t(`settings.fields.emailVerification.modes.${mode}.label`)}
              </span>
              <span id={`${id}-${mode}`} className="text-sm text-muted-foreground">
                {t(`settings.fields.emailVerification.modes.${mode}.description`)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
    </li>
  );
}

function BooleanSettingRow({ settingKey, value }: { settingKey: BooleanSettingKey; value: boolean }) {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const { update, save } = useSaveSetting();
  const checked = update.isPending && update.variables[settingKey] !== undefined ? Boolean(update.variables[settingKey]) : value;

  function change(next: boolean) {
    save({ [settingKey]: next });
  }

  return (
    <SwitchRow
      label={t(`admin:settings.fields.${settingKey}.label`)}
      description={t(`admin:settings.fields.${settingKey}.description`)}
      checked={checked}
      onCheckedChange={change}
      disabled={update.isPending}
      testId={`setting-${settingKey}`}
    />
  );
}

/** One on/off setting: its name and explanation, and the switch they label. */
function SwitchRow(props: {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled: boolean;
  testId: string;
}) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="grid gap-1">
        <span id={`${id}-label`} className="font-medium">
          {props.label}
        </span>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {props.description}
        </p>
      </div>
      <Switch
        checked={props.checked}
        onCheckedChange={props.onCheckedChange}
        disabled={props.disabled}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        data-testid={props.testId}
      />
    </li>
  );
}

/**
 * Per-player flags for the built-in pack (docs/challenge-authoring.md): each player, or team, gets their own flag for every
 * built-in challenge. On by default on a new deployment.
 */
function PerUserFlagsRow() {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const setting = usePerUserFlags();
  const update = useUpdatePerUserFlags();
  if (setting.isPending) return null;
  if (setting.error) {
    return (
      <li className="py-4">
        <SectionError title={t('admin:settings.loadFailed')} error={setting.error} onRetry={() => void setting.refetch()} />
      </li>
    );
  }
  function change(isBuiltInPackPerUser: boolean) {
    update.mutate(
      { isBuiltInPackPerUser },
      {
        onSuccess: () => toast({ title: t('common:success'), description: t('admin:settings.saved') }),
        onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
      },
    );
  }
  return (
    <SwitchRow
      label={t('admin:settings.fields.perUserFlags.label')}
      description={t('admin:settings.fields.perUserFlags.description')}
      checked={update.isPending ? update.variables.isBuiltInPackPerUser : setting.data.isBuiltInPackPerUser}
      onCheckedChange={change}
      disabled={update.isPending}
      testId="setting-perUserFlags"
    />
  );
}

/**
 * Team mode and the team size (docs/product.md#teams). The server refuses to switch team mode once anything is solved
 * (TEAM_MODE_LOCKED), which the toast explains.
 */
function TeamsRow({ value }: { value: TeamSettings }) {
  const { t } = useTranslation('admin');
  const { update, save } = useSaveSetting();
  const id = useId();
  const [maxSize, setMaxSize] = useState(String(value.maxSize));

  function saveSize(event: FormEvent) {
    event.preventDefault();
    save({ teams: { ...value, maxSize: Number(maxSize) } });
  }

  return (
    <li className="grid gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <span id={`${id}-label`} className="font-medium">
            {t('settings.fields.teams.label')}
          </span>
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {t('settings.fields.teams.description')}
          </p>
        </div>
        <Switch
          checked={value.enabled}
          onCheckedChange={(enabled) => save({ teams: { ...value, enabled } })}
          disabled={update.isPending}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-description`}
          data-testid="setting-teams"
        />
      </div>
      <form className="flex flex-wrap items-end gap-3" onSubmit={saveSize}>
        <label className="grid gap-1 text-sm" htmlFor={`${id}-size`}>
          {t('settings.fields.teams.maxSize')}
          <Input
            id={`${id}-size`}
            type="number"
            min={TEAM_LIMITS.sizeMin}
            max={TEAM_LIMITS.sizeMax}
            value={maxSize}
            onChange={(e) => setMaxSize(e.target.value)}
            className="w-28"
            required
          />
        </label>
        <Button type="submit" variant="outline" size="sm" disabled={update.isPending || Number(maxSize) === value.maxSize}>
          {t('settings.saveSize')}
        </Button>
      </form>
    </li>
  );
}
