import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { RoleSchema, type AdminUpdateUserBody, type PublicUser, type Role } from '@drapeau/shared';
import { ROLES } from '@drapeau/shared/constants';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';

import { useUpdateUser } from '../api/update-user';

import { parseScore } from './parse-score';

interface EditUserDialogProps {
  /** The user being edited; null when the dialog is closed. */
  user: PublicUser | null;
  isSelf: boolean;
  onClose: () => void;
}

/** Edit User (docs/product.md#admin-panel): username, bio, score and rank. */
export function EditUserDialog({ user, isSelf, onClose }: EditUserDialogProps) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <Dialog open={user !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent closeLabel={t('common:close')}>
        {/* Keyed by user: the fields start from that user's values each time the dialog opens. */}
        {user && <EditUserForm key={user.uid} user={user} isSelf={isSelf} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

/** Only what changed is sent; the score field is parsed as docs/product.md#validation says (an integer, else 0). */
function changedFields(user: PublicUser, fields: { username: string; bio: string; score: string; rank: Role }) {
  const body: AdminUpdateUserBody = {};
  const username = fields.username.trim();
  if (username !== user.username) body.username = username;
  if (fields.bio !== user.bio) body.bio = fields.bio;
  const score = parseScore(fields.score);
  if (score !== user.score) body.score = score;
  if (fields.rank !== user.rank) body.rank = fields.rank;
  return body;
}

function EditUserForm({ user, isSelf, onDone }: { user: PublicUser; isSelf: boolean; onDone: () => void }) {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const id = useId();
  const update = useUpdateUser();
  const [username, setUsername] = useState(user.username);
  const [bio, setBio] = useState(user.bio);
  const [score, setScore] = useState(String(user.score));
  const [rank, setRank] = useState<Role>(user.rank);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = changedFields(user, { username, bio, score, rank });
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { userId: user.uid, body },
      {
        onSuccess: () => {
          toast({ title: t('common:success'), description: t('admin:edit.success') });
          onDone();
        },
        onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
      },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{t('admin:edit.title')}</DialogTitle>
        <DialogDescription>{t('admin:edit.description', { name: user.username })}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-username`}>{t('admin:edit.username')}</Label>
        <Input
          id={`${id}-username`}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoComplete="off"
          required
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-bio`}>{t('admin:edit.bio')}</Label>
        <Textarea id={`${id}-bio`} value={bio} onChange={(event) => setBio(event.target.value)} rows={3} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-score`}>{t('admin:edit.score')}</Label>
          <Input
            id={`${id}-score`}
            inputMode="numeric"
            value={score}
            onChange={(event) => setScore(event.target.value)}
            aria-describedby={`${id}-score-hint`}
            className="tabular-nums"
          />
          <p id={`${id}-score-hint`} className="text-xs text-muted-foreground">
            {t('admin:edit.scoreHint')}
          </p>
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-rank`}>{t('admin:edit.rank')}</Label>
          <Select
            value={rank}
            onValueChange={(value) => {
              const parsed = RoleSchema.safeParse(value);
              if (parsed.success) setRank(parsed.data);
            }}
            disabled={isSelf}
          >
            <SelectTrigger id={`${id}-rank`} aria-describedby={isSelf ? `${id}-rank-hint` : undefined}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ROLES.map((role) => (
                <SelectItem key={role} value={role}>
                  {t(`admin:edit.ranks.${role}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {isSelf && (
            <p id={`${id}-rank-hint`} className="text-xs text-muted-foreground">
              {t('admin:edit.selfRankHint')}
            </p>
          )}
        </div>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('admin:cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner className="text-current" label={t('admin:edit.saving')} />}
          {update.isPending ? t('admin:edit.saving') : t('admin:edit.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
