import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminTeam, AdminUpdateTeamBody } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';

import { useAdjustTeam, useCreateTeam, useUpdateTeam } from '../api/admin-teams';

import { parseScore } from './parse-score';

/** Toasts for a team change: what was done, or the server's error in the reader's language. */
export function useTeamToasts() {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  return {
    done: (description: string) => toast({ title: t('common:success'), description }),
    failed: (error: unknown) =>
      toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
  };
}

/** A dialog holding one form: title, description, fields, Cancel and a submit button that shows it is busy. */
export function TeamFormDialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** Absent: no submit button (the dialog's own buttons act), Cancel reads Close. */
  submit?: string;
  busy: boolean;
  onSubmit: () => void;
  destructive?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['admin', 'common']);
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!props.busy) props.onSubmit();
  }
  return (
    <Dialog open={props.open} onOpenChange={(isOpen) => !isOpen && !props.busy && props.onClose()}>
      <DialogContent closeLabel={t('common:close')} {...(props.destructive ? { role: 'alertdialog' } : {})}>
        <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
          <DialogHeader>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogDescription>{props.description}</DialogDescription>
          </DialogHeader>
          {props.children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={props.onClose} disabled={props.busy}>
              {props.submit === undefined ? t('common:close') : t('admin:cancel')}
            </Button>
            {props.submit !== undefined && (
              <Button type="submit" variant={props.destructive ? 'destructive' : 'default'} disabled={props.busy}>
                {props.busy && <Spinner className="text-current" label={t('common:loading')} />}
                {props.submit}
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function CreateTeamDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const create = useCreateTeam();
  const toasts = useTeamToasts();
  const [name, setName] = useState('');
  return (
    <TeamFormDialog
      open={open}
      onClose={onClose}
      title={t('teams.create.title')}
      description={t('teams.create.description')}
      submit={t('teams.create.submit')}
      busy={create.isPending}
      onSubmit={() =>
        create.mutate(name.trim(), {
          onSuccess: () => {
            toasts.done(t('teams.create.done'));
            setName('');
            onClose();
          },
          onError: toasts.failed,
        })
      }
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>{t('teams.create.name')}</Label>
        <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" required />
      </div>
    </TeamFormDialog>
  );
}

const NO_CAPTAIN = '-';

/** Rename and/or set the captain (one of the members); only what changed is sent. */
export function EditTeamDialog({ team, onClose }: { team: AdminTeam | null; onClose: () => void }) {
  return team ? <EditTeamForm key={team.id} team={team} onClose={onClose} /> : null;
}

function EditTeamForm({ team, onClose }: { team: AdminTeam; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const update = useUpdateTeam();
  const toasts = useTeamToasts();
  const [name, setName] = useState(team.name);
  const [captain, setCaptain] = useState(team.captainId ?? NO_CAPTAIN);
  function save() {
    const body: AdminUpdateTeamBody = {};
    if (name.trim() !== team.name) body.name = name.trim();
    if (captain !== NO_CAPTAIN && captain !== team.captainId) body.captainId = captain;
    if (Object.keys(body).length === 0) return onClose();
    update.mutate(
      { teamId: team.id, body },
      {
        onSuccess: () => {
          toasts.done(t('teams.edit.done'));
          onClose();
        },
        onError: toasts.failed,
      },
    );
  }
  return (
    <TeamFormDialog
      open
      onClose={onClose}
      title={t('teams.edit.title', { name: team.name })}
      description={t('teams.description')}
      submit={t('teams.edit.submit')}
      busy={update.isPending}
      onSubmit={save}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>{t('teams.edit.name')}</Label>
        <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" required />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-captain`}>{t('teams.edit.captain')}</Label>
        <Select value={captain} onValueChange={setCaptain} disabled={team.members.length === 0}>
          <SelectTrigger id={`${id}-captain`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {team.captainId === null && <SelectItem value={NO_CAPTAIN}>{t('teams.edit.noCaptain')}</SelectItem>}
            {team.members.map((member) => (
              <SelectItem key={member.uid} value={member.uid}>
                {member.username}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </TeamFormDialog>
  );
}

/** team score = sum of its solves' points + this adjustment; the reason goes to the audit log. */
export function AdjustTeamDialog({ team, onClose }: { team: AdminTeam | null; onClose: () => void }) {
  return team ? <AdjustTeamForm key={team.id} team={team} onClose={onClose} /> : null;
}

function AdjustTeamForm({ team, onClose }: { team: AdminTeam; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const adjust = useAdjustTeam();
  const toasts = useTeamToasts();
  const [value, setValue] = useState(String(team.scoreAdjustment));
  const [reason, setReason] = useState('');
  return (
    <TeamFormDialog
      open
      onClose={onClose}
      title={t('teams.adjust.title', { name: team.name })}
      description={t('teams.adjust.description')}
      submit={t('teams.adjust.submit')}
      busy={adjust.isPending}
      onSubmit={() =>
        adjust.mutate(
          { teamId: team.id, body: { adjustment: parseScore(value), reason: reason.trim() } },
          {
            onSuccess: () => {
              toasts.done(t('teams.adjust.done'));
              onClose();
            },
            onError: toasts.failed,
          },
        )
      }
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-value`}>{t('teams.adjust.value')}</Label>
        <Input
          id={`${id}-value`}
          inputMode="numeric"
          className="tabular-nums"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-reason`}>{t('teams.adjust.reason')}</Label>
        <Input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} required />
      </div>
    </TeamFormDialog>
  );
}
