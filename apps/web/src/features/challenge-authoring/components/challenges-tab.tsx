import { Plus, SearchX } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import type { AdminChallengeSummary } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { pickText, useLocale } from '@/lib/use-locale';

import { useAdminCategories } from '../api/categories';
import { NO_FILTERS, useAdminChallenges, type ChallengeFilters } from '../api/get-admin-challenges';
import { useDuplicateChallenge, useSetChallengeState } from '../api/mutate-challenge';

import { CategoriesPanel } from './categories-panel';
import { ChallengeFilterBar } from './challenge-filter-bar';
import { ChallengeTable } from './challenge-table';
import { DeleteChallengeDialog } from './delete-challenge-dialog';
import { EditorLoader } from './editor-loader';
import { ImportPanel } from './import-panel';

/** `?tab=challenges&edit=<id>` opens the editor on a challenge, `edit=new` on a new one: a reload keeps it. */
const EDIT_PARAM = 'edit';
const NEW_CHALLENGE = 'new';

/** The admin panel's Challenges tab: list, search and filters, create / edit / duplicate / hide / delete, import. */
export function ChallengesTab() {
  const { t } = useTranslation(['authoring', 'errors', 'common']);
  const locale = useLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const editing = searchParams.get(EDIT_PARAM);
  const [filters, setFilters] = useState<ChallengeFilters>(NO_FILTERS);
  const deferred = useDeferredValue(filters);
  const list = useAdminChallenges(deferred);
  const all = useAdminChallenges(NO_FILTERS);
  const categories = useAdminCategories();
  const duplicate = useDuplicateChallenge();
  const setState = useSetChallengeState();
  const [toDelete, setToDelete] = useState<AdminChallengeSummary | null>(null);

  const categoryOptions = useMemo(
    () =>
      (categories.data?.categories ?? []).map((category) => ({ value: category.key, label: pickText(category.name, locale) })),
    [categories.data, locale],
  );
  const categoryName = (key: string) => categoryOptions.find((option) => option.value === key)?.label ?? key;

  function openEditor(id: string | null) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(EDIT_PARAM);
        else next.set(EDIT_PARAM, id);
        return next;
      },
      { replace: false },
    );
  }

  if (editing !== null) {
    return (
      <EditorLoader
        key={editing}
        id={editing === NEW_CHALLENGE ? null : editing}
        categories={categoryOptions}
        challenges={all.data?.challenges ?? []}
        onClose={() => openEditor(null)}
        onCreated={(id) => openEditor(id)}
      />
    );
  }

  function onDuplicate(id: string) {
    duplicate.mutate(id, {
      onSuccess: (copy) => toast({ title: t('authoring:list.duplicated', { id: copy.id }) }),
      onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
    });
  }

  function onToggleState(challenge: AdminChallengeSummary) {
    const state = challenge.state === 'hidden' ? 'visible' : 'hidden';
    setState.mutate(
      { id: challenge.id, state },
      { onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }) },
    );
  }

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader className="gap-4 md:flex-row md:items-end md:justify-between">
          <div className="grid gap-1.5">
            <h2 className="text-lg leading-tight font-semibold">{t('authoring:list.title')}</h2>
            <CardDescription>{t('authoring:list.description')}</CardDescription>
          </div>
          <Button onClick={() => openEditor(NEW_CHALLENGE)}>
            <Plus />
            {t('authoring:list.new')}
          </Button>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ChallengeFilterBar filters={filters} categories={categoryOptions} onChange={setFilters} />
          {list.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner label={t('common:loading')} />
            </div>
          ) : list.error ? (
            <ErrorNotice
              title={t('authoring:list.loadFailed')}
              message={getErrorMessage(t, list.error)}
              onRetry={() => void list.refetch()}
              retryLabel={t('common:retry')}
            />
          ) : list.data.challenges.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-10 text-muted-foreground">
              <SearchX className="size-10" aria-hidden="true" />
              <p>{t('authoring:list.empty')}</p>
            </div>
          ) : (
            <>
              <p className="text-sm text-muted-foreground">{t('authoring:list.count', { count: list.data.challenges.length })}</p>
              <ChallengeTable
                challenges={list.data.challenges}
                categoryName={categoryName}
                isBusy={duplicate.isPending || setState.isPending}
                onEdit={openEditor}
                onDuplicate={onDuplicate}
                onToggleState={onToggleState}
                onDelete={setToDelete}
              />
            </>
          )}
        </CardContent>
      </Card>
      <ImportPanel />
      <CategoriesPanel />
      <DeleteChallengeDialog challenge={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
