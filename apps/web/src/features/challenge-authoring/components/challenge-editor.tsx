import { ArrowLeft, Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { AdminChallengeBodySchema, type AdminChallenge, type AdminChallengeSummary, type Level } from '@drapeau/shared';
import { LEVELS } from '@drapeau/shared/constants';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';

import { useSaveChallenge } from '../api/mutate-challenge';

import { AttachmentsEditor } from './attachments-editor';
import { BilingualField } from './bilingual-field';
import { bodyFromDraft, patchFromBody, type ChallengeDraft } from './challenge-draft';
import { describeSaveError } from './describe-save-error';
import { FlagsEditor } from './flags-editor';
import { HintsEditor } from './hints-editor';
import { PrerequisitesField } from './prerequisites-field';
import { ScheduleFields } from './schedule-fields';
import { ScoringFields } from './scoring-fields';
import { SelectField, type Option } from './select-field';
import { ServiceEditor } from './service-editor';
import { TestFlagBox } from './test-flag-box';

interface ChallengeEditorProps {
  /** The saved challenge, or null for a new one. */
  saved: AdminChallenge | null;
  initialDraft: ChallengeDraft;
  categories: Option[];
  /** Every challenge, for the prerequisites. */
  challenges: AdminChallengeSummary[];
  /** Back to the list. */
  onClose: () => void;
  /** A new challenge was created: the editor goes on with it (files can then be added). */
  onCreated: (id: string) => void;
}

/** The challenge form: EN and FR side by side with a Markdown preview, then scoring, flags, hints and schedule. */
export function ChallengeEditor({ saved, initialDraft, categories, challenges, onClose, onCreated }: ChallengeEditorProps) {
  const { t } = useTranslation(['authoring', 'difficulties', 'errors']);
  const [draft, setDraft] = useState(initialDraft);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveChallenge();
  const isNew = saved === null;

  function change(next: Partial<ChallengeDraft>) {
    setDraft((current) => ({ ...current, ...next }));
    setProblem(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = AdminChallengeBodySchema.safeParse(bodyFromDraft(draft));
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
      setProblem(t('authoring:editor.invalid', { fields: fields.join(', ') }));
      return;
    }
    save.mutate(saved === null ? { id: null, body: parsed.data } : { id: saved.id, body: patchFromBody(parsed.data, saved) }, {
      onSuccess: (result) => {
        toast({ title: t(isNew ? 'authoring:editor.created' : 'authoring:editor.saved') });
        if (isNew) onCreated(result.id);
      },
      onError: (error) => setProblem(describeSaveError(t, error)),
    });
  }

  const others = challenges.filter((challenge) => challenge.id !== saved?.id);
  const levelOptions = LEVELS.map((level) => ({ value: level, label: t(`difficulties:${level}`) }));

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onClose}>
          <ArrowLeft />
          {t('authoring:editor.back')}
        </Button>
        <h2 className="text-lg font-semibold">
          {isNew ? t('authoring:editor.newTitle') : t('authoring:editor.editTitle', { id: saved.id })}
        </h2>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('authoring:editor.formLabel')}>
        <Card>
          <CardHeader className="pb-2 text-sm font-semibold">{t('authoring:editor.texts')}</CardHeader>
          <CardContent className="grid gap-5">
            <BilingualField
              label={t('authoring:fields.title')}
              value={draft.title}
              onChange={(title) => change({ title })}
              isRequired
            />
            <BilingualField
              label={t('authoring:fields.description')}
              value={draft.description}
              onChange={(description) => change({ description })}
              isMarkdown
              isRequired
            />
            <BilingualField
              label={t('authoring:fields.explanation')}
              value={draft.explanation}
              onChange={(explanation) => change({ explanation })}
              isMarkdown
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="pb-2 text-sm font-semibold">{t('authoring:editor.details')}</CardHeader>
          <CardContent className="grid gap-5">
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <div className="grid gap-1.5">
                <Label htmlFor="challenge-id">{t('authoring:fields.id')}</Label>
                <Input
                  id="challenge-id"
                  value={draft.id}
                  disabled={!isNew}
                  placeholder={t('authoring:fields.idPlaceholder')}
                  onChange={(event) => change({ id: event.target.value })}
                  className="font-mono"
                />
              </div>
              <SelectField
                label={t('authoring:fields.category')}
                value={draft.category}
                options={categories}
                onChange={(category) => change({ category })}
              />
              <SelectField
                label={t('authoring:fields.level')}
                value={draft.level}
                options={levelOptions}
                onChange={(level) => change({ level: level as Level })}
              />
              <div className="grid gap-1.5">
                <Label htmlFor="challenge-author">{t('authoring:fields.author')}</Label>
                <Input id="challenge-author" value={draft.author} onChange={(event) => change({ author: event.target.value })} />
              </div>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="challenge-tags">{t('authoring:fields.tags')}</Label>
              <Input
                id="challenge-tags"
                value={draft.tags}
                placeholder={t('authoring:fields.tagsPlaceholder')}
                onChange={(event) => change({ tags: event.target.value })}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="challenge-connection">{t('authoring:fields.connectionInfo')}</Label>
              <Input
                id="challenge-connection"
                value={draft.connectionInfo}
                placeholder={t('authoring:fields.connectionInfoPlaceholder')}
                onChange={(event) => change({ connectionInfo: event.target.value })}
                className="font-mono"
              />
              <p className="text-xs text-muted-foreground">{t('authoring:fields.connectionInfoHelp')}</p>
            </div>
            <ScoringFields draft={draft} onChange={change} />
            <FlagsEditor flags={draft.flags} onChange={(flags) => change({ flags })} />
            <HintsEditor hints={draft.hints} onChange={(hints) => change({ hints })} />
            <PrerequisitesField
              challenges={others}
              value={draft.prerequisites}
              onChange={(prerequisites) => change({ prerequisites })}
            />
            <ScheduleFields draft={draft} onChange={change} />
          </CardContent>
        </Card>
        <div className="sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-3 rounded-lg border bg-card/95 p-3 backdrop-blur">
          {problem !== null && (
            <p role="alert" className="mr-auto text-sm text-destructive">
              {problem}
            </p>
          )}
          <Button type="button" variant="outline" onClick={onClose}>
            {t('authoring:editor.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner className="text-current" /> : <Save />}
            {isNew ? t('authoring:editor.create') : t('authoring:editor.save')}
          </Button>
        </div>
      </form>
      {saved === null ? (
        <p className="text-sm text-muted-foreground">{t('authoring:editor.filesAfterCreate')}</p>
      ) : (
        <Card>
          <CardContent className="grid gap-5 pt-6">
            <AttachmentsEditor challengeId={saved.id} attachments={saved.attachments} />
            <ServiceEditor challengeId={saved.id} />
            <TestFlagBox challengeId={saved.id} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
