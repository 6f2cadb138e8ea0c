import { Save, Server, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import {
  ChallengeServiceSchema,
  INSTANCE_PROTOCOLS,
  INSTANCE_SCOPES,
  type ChallengeService,
  type InstanceProtocol,
  type InstanceScope,
} from '@drapeau/shared';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/error-message';

import { useChallengeService, useSaveChallengeService } from '../api/challenge-service';

import { NumberField } from './number-field';
import { SelectField } from './select-field';

interface ServiceDraft {
  image: string;
  protocol: InstanceProtocol;
  port: string;
  scope: InstanceScope;
  lifetimeMinutes: string;
  extendable: boolean;
  memoryMb: string;
  cpus: string;
}

const EMPTY: ServiceDraft = {
  image: '',
  protocol: 'tcp',
  port: '',
  scope: 'per-player',
  lifetimeMinutes: '60',
  extendable: true,
  memoryMb: '256',
  cpus: '0.5',
};

const toDraft = (service: ChallengeService): ServiceDraft => ({
  ...service,
  port: String(service.port),
  lifetimeMinutes: String(service.lifetimeMinutes),
  memoryMb: String(service.memoryMb),
  cpus: String(service.cpus),
});

const BUILD_VARIANT = { building: 'secondary', built: 'default', failed: 'destructive' } as const;

/**
 * The challenge's service (docs/challenge-authoring.md "A challenge with a service"): the image each player or team
 * starts, how it is reached, its lifetime and limits; and, for an image built or pulled by the platform, how that went,
 * with the engine's log.
 */
export function ServiceEditor({ challengeId }: { challengeId: string }) {
  const { t } = useTranslation(['authoring', 'errors']);
  const { data } = useChallengeService(challengeId);
  const { save, remove } = useSaveChallengeService(challengeId);
  const [edited, setEdited] = useState<ServiceDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!data) return null;
  const draft = edited ?? (data.service ? toDraft(data.service) : EMPTY);
  const change = (next: Partial<ServiceDraft>) => {
    setEdited({ ...draft, ...next });
    setProblem(null);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ChallengeServiceSchema.safeParse({
      ...draft,
      port: Number(draft.port),
      lifetimeMinutes: Number(draft.lifetimeMinutes),
      memoryMb: Number(draft.memoryMb),
      cpus: Number(draft.cpus),
    });
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
      setProblem(t('authoring:editor.invalid', { fields: fields.join(', ') }));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => setEdited(null),
      onError: (error) => setProblem(getErrorMessage(t, error)),
    });
  }

  const build = data.build;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label={t('authoring:service.title')}>
      <div className="flex flex-wrap items-center gap-2">
        <Server className="size-4 text-primary" aria-hidden="true" />
        <h3 className="text-sm font-medium">{t('authoring:service.title')}</h3>
        {build && (
          <Badge variant={BUILD_VARIANT[build.status]} data-testid="service-build-status">
            {t(`authoring:service.build.${build.status}`)}
          </Badge>
        )}
      </div>
      <p className="text-xs text-muted-foreground">{t('authoring:service.help')}</p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor="service-image">{t('authoring:service.image')}</Label>
          <Input
            id="service-image"
            value={draft.image}
            placeholder="localhost/web-sqli:1"
            onChange={(event) => change({ image: event.target.value })}
            className="font-mono"
          />
        </div>
        <SelectField
          label={t('authoring:service.protocol')}
          value={draft.protocol}
          options={INSTANCE_PROTOCOLS.map((value) => ({ value, label: t(`authoring:service.protocols.${value}`) }))}
          onChange={(protocol) => change({ protocol: protocol as InstanceProtocol })}
        />
        <NumberField label={t('authoring:service.port')} value={draft.port} min={1} onChange={(port) => change({ port })} />
        <SelectField
          label={t('authoring:service.scope')}
          value={draft.scope}
          options={INSTANCE_SCOPES.map((value) => ({ value, label: t(`authoring:service.scopes.${value}`) }))}
          onChange={(scope) => change({ scope: scope as InstanceScope })}
        />
        <NumberField
          label={t('authoring:service.lifetime')}
          value={draft.lifetimeMinutes}
          min={5}
          onChange={(lifetimeMinutes) => change({ lifetimeMinutes })}
        />
        <NumberField
          label={t('authoring:service.memory')}
          value={draft.memoryMb}
          min={16}
          onChange={(memoryMb) => change({ memoryMb })}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="service-cpus">{t('authoring:service.cpus')}</Label>
          <Input
            id="service-cpus"
            type="number"
            inputMode="decimal"
            step="0.1"
            min={0.1}
            value={draft.cpus}
            onChange={(event) => change({ cpus: event.target.value })}
          />
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <Switch checked={draft.extendable} onCheckedChange={(extendable) => change({ extendable })} />
        {t('authoring:service.extendable')}
      </label>
      {build && (
        <details className="rounded-md border" open={build.status === 'failed'}>
          <summary className="cursor-pointer px-3 py-2 text-sm">
            {build.status === 'failed' ? t('authoring:service.build.failedHelp') : t('authoring:service.build.log')}
          </summary>
          <pre
            data-testid="service-build-log"
            className="max-h-64 overflow-auto border-t bg-muted px-3 py-2 font-mono text-xs break-all whitespace-pre-wrap"
          >
            {build.log || t('authoring:service.build.noLog')}
          </pre>
        </details>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {problem !== null && (
          <p role="alert" className="mr-auto text-sm text-destructive">
            {problem}
          </p>
        )}
        {data.service && (
          <Button
            type="button"
            variant="outline"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(t('authoring:service.removeConfirm')))
                remove.mutate(undefined, {
                  onSuccess: () => setEdited(null),
                  onError: (error) => setProblem(getErrorMessage(t, error)),
                });
            }}
          >
            <Trash2 />
            {t('authoring:service.remove')}
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          <Save />
          {t('authoring:service.save')}
        </Button>
      </div>
    </form>
  );
}
