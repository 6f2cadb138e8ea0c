import { CalendarClock, Snowflake } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { EventMode, EventSettings } from '@drapeau/shared';
import { EVENT_NAME_MAX, FIRST_BLOOD_BONUS_MAX } from '@drapeau/shared/constants';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { fromLocalInput, toLocalInput } from '@/lib/datetime-local';
import { getErrorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';

import type { EventView } from '../api/get-event';
import { useUpdateEvent } from '../api/update-event';

import { useEventState } from './use-event-state';

const TIME_FIELDS = ['startsAt', 'endsAt', 'freezeAt'] as const;
type TimeField = (typeof TIME_FIELDS)[number];

/**
 * The admin panel's Event tab (docs/product.md#events): training or a timed event, its start, end and freeze, practice
 * after the end, and the first-blood bonus (docs/product.md#first-blood). Shows the server's clock, which every countdown follows. A change is audited and pushed live.
 */
export function EventTab() {
  const { t } = useTranslation('event');
  const { event, now } = useEventState();
  const locale = useLocale();
  return (
    <Card>
      <CardHeader className="gap-4 md:flex-row md:items-end md:justify-between">
        <div className="grid gap-1.5">
          <h2 className="text-lg leading-tight font-semibold">{t('admin.title')}</h2>
          <CardDescription>{t('admin.description')}</CardDescription>
        </div>
        {event && (
          <p className="inline-flex items-center gap-2 text-sm" data-testid="event-server-clock">
            <CalendarClock aria-hidden="true" className="size-4 text-primary" />
            <span>{t('admin.serverClock')}</span>
            <time className="font-mono tabular-nums" dateTime={new Date(now).toISOString()}>
              {formatDateTime(new Date(now).toISOString(), locale)}
            </time>
          </p>
        )}
      </CardHeader>
      <CardContent>
        {event ? (
          <EventForm
            key={`${event.mode}|${event.name.en}|${event.name.fr}|${event.startsAt}|${event.endsAt}|${event.freezeAt}|${event.allowPracticeAfterEnd}|${event.firstBloodBonus}`}
            event={event}
          />
        ) : (
          <Spinner />
        )}
      </CardContent>
    </Card>
  );
}

function EventForm({ event }: { event: EventView }) {
  const { t } = useTranslation(['event', 'common', 'errors']);
  const id = useId();
  const update = useUpdateEvent();
  const [mode, setMode] = useState<EventMode>(event.mode);
  const [name, setName] = useState(event.name);
  const [times, setTimes] = useState<Record<TimeField, string>>({
    startsAt: toLocalInput(event.startsAt),
    endsAt: toLocalInput(event.endsAt),
    freezeAt: toLocalInput(event.freezeAt),
  });
  const [allowPractice, setAllowPractice] = useState(event.allowPracticeAfterEnd);
  const [bonus, setBonus] = useState(String(event.firstBloodBonus));

  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const body: EventSettings = {
      mode,
      name,
      startsAt: fromLocalInput(times.startsAt),
      endsAt: fromLocalInput(times.endsAt),
      freezeAt: fromLocalInput(times.freezeAt),
      allowPracticeAfterEnd: allowPractice,
      // The server checks it (an integer from 0 to FIRST_BLOOD_BONUS_MAX) and names what is wrong.
      firstBloodBonus: Number(bonus),
    };
    update.mutate(body, {
      onSuccess: () => toast({ title: t('common:success'), description: t('event:admin.saved') }),
      onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
    });
  }

  function unfreeze() {
    const body: EventSettings = {
      mode: event.mode,
      name: event.name,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      freezeAt: null,
      allowPracticeAfterEnd: event.allowPracticeAfterEnd,
      firstBloodBonus: event.firstBloodBonus,
    };
    update.mutate(body, {
      onSuccess: () => toast({ title: t('common:success'), description: t('event:admin.unfrozen') }),
      onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
    });
  }

  return (
    <form className="grid gap-6" onSubmit={submit} aria-label={t('event:admin.title')}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium">{t('event:admin.mode')}</legend>
        {(['training', 'event'] as const).map((value) => (
          <div key={value} className="flex items-start gap-3">
            <input
              id={`${id}-mode-${value}`}
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              aria-describedby={`${id}-mode-${value}-description`}
              className="mt-1 accent-primary"
            />
            <div className="grid gap-0.5">
              <label htmlFor={`${id}-mode-${value}`}>{t(`event:admin.modes.${value}.label`)}</label>
              <p id={`${id}-mode-${value}-description`} className="text-sm text-muted-foreground">
                {t(`event:admin.modes.${value}.description`)}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['en', 'fr'] as const).map((language) => (
          <div key={language} className="grid gap-1.5">
            <Label htmlFor={`${id}-name-${language}`}>{t(`event:admin.fields.name.${language}`)}</Label>
            <Input
              id={`${id}-name-${language}`}
              value={name[language]}
              maxLength={EVENT_NAME_MAX}
              onChange={(change) => setName((current) => ({ ...current, [language]: change.target.value }))}
              disabled={mode === 'training'}
            />
          </div>
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {TIME_FIELDS.map((field) => (
          <div key={field} className="grid gap-1.5">
            <Label htmlFor={`${id}-${field}`}>{t(`event:admin.fields.${field}`)}</Label>
            <Input
              id={`${id}-${field}`}
              type="datetime-local"
              value={times[field]}
              onChange={(change) => setTimes((current) => ({ ...current, [field]: change.target.value }))}
              required={mode === 'event' && field !== 'freezeAt'}
              disabled={mode === 'training'}
            />
          </div>
        ))}
      </div>
      <p className="text-sm text-muted-foreground">{t('event:admin.timeZone')}</p>
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <span id={`${id}-practice-label`} className="font-medium">
            {t('event:admin.fields.allowPracticeAfterEnd')}
          </span>
          <p id={`${id}-practice-description`} className="text-sm text-muted-foreground">
            {t('event:admin.practiceDescription')}
          </p>
        </div>
        <Switch
          checked={allowPractice}
          onCheckedChange={setAllowPractice}
          aria-labelledby={`${id}-practice-label`}
          aria-describedby={`${id}-practice-description`}
        />
      </div>
      <div className="grid gap-1.5 sm:max-w-xs">
        <Label htmlFor={`${id}-first-blood-bonus`}>{t('event:admin.fields.firstBloodBonus')}</Label>
        <Input
          id={`${id}-first-blood-bonus`}
          type="number"
          inputMode="numeric"
          min={0}
          max={FIRST_BLOOD_BONUS_MAX}
          step={1}
          required
          value={bonus}
          onChange={(change) => setBonus(change.target.value)}
          aria-describedby={`${id}-first-blood-bonus-description`}
        />
        <p id={`${id}-first-blood-bonus-description`} className="text-sm text-muted-foreground">
          {t('event:admin.firstBloodBonusDescription', { max: FIRST_BLOOD_BONUS_MAX })}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('event:admin.saving') : t('event:admin.save')}
        </Button>
        {event.isFrozen && (
          // docs/product.md#freeze: clearing the freeze time reveals everything to players at once, live.
          <Button type="button" variant="outline" disabled={update.isPending} onClick={unfreeze}>
            <Snowflake aria-hidden="true" />
            {t('event:admin.unfreeze')}
          </Button>
        )}
      </div>
      {event.isFrozen && <p className="text-sm text-muted-foreground">{t('event:admin.frozenNow')}</p>}
    </form>
  );
}
