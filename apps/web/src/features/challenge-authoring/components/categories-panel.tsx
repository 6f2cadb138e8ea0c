import { Pencil, Plus, Save, Tags, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { AdminCategoryBodySchema, CATEGORY_ICONS, type AdminCategory, type CategoryIcon as IconName } from '@drapeau/shared';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getErrorMessage } from '@/lib/error-message';
import { CategoryIcon } from '@/components/ui/category-icon';

import { useAdminCategories, useCreateCategory, useDeleteCategory, useUpdateCategory } from '../api/categories';

import { SelectField } from './select-field';

interface CategoryDraft {
  key: string;
  en: string;
  fr: string;
  icon: IconName;
}

const EMPTY: CategoryDraft = { key: '', en: '', fr: '', icon: 'flag' };

/** The six built-in categories and those admins add, each with EN/FR names and an icon; one form adds or edits. */
export function CategoriesPanel() {
  const { t } = useTranslation(['authoring', 'errors']);
  const id = useId();
  const categories = useAdminCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [draft, setDraft] = useState<CategoryDraft>(EMPTY);
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const error = create.error ?? update.error ?? remove.error;

  function change(next: Partial<CategoryDraft>) {
    setDraft((current) => ({ ...current, ...next }));
    setProblem(null);
  }

  function startEdit(category: AdminCategory) {
    setEditing(category.key);
    setDraft({ key: category.key, en: category.name.en, fr: category.name.fr, icon: category.icon });
    setProblem(null);
  }

  function reset() {
    setEditing(null);
    setDraft(EMPTY);
    create.reset();
    update.reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = AdminCategoryBodySchema.safeParse({
      key: draft.key.trim(),
      name: { en: draft.en, fr: draft.fr },
      icon: draft.icon,
    });
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
      setProblem(t('authoring:editor.invalid', { fields: fields.join(', ') }));
      return;
    }
    (editing === null ? create : update).mutate(parsed.data, { onSuccess: reset });
  }

  const iconOptions = CATEGORY_ICONS.map((icon) => ({ value: icon, label: icon }));
  return (
    <section className="grid gap-3 rounded-lg border p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <Tags className="size-4" aria-hidden="true" />
        {t('authoring:categories.title')}
      </h3>
      <ul className="divide-y divide-border/60" aria-label={t('authoring:categories.title')}>
        {(categories.data?.categories ?? []).map((category) => (
          <li key={category.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" aria-label={category.name.en}>
            <CategoryIcon category={category.key} icon={category.icon} className="size-4 shrink-0" />
            <span className="min-w-0 flex-1 basis-48 text-sm">
              {category.name.en} / {category.name.fr || '—'} <span className="font-mono text-xs">({category.key})</span>
            </span>
            {category.isBuiltIn && <Badge variant="outline">{t('authoring:list.builtIn')}</Badge>}
            <span className="text-xs text-muted-foreground">{t('authoring:list.count', { count: category.challengeCount })}</span>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('authoring:categories.edit', { name: category.name.en })}
              onClick={() => startEdit(category)}
            >
              <Pencil />
            </Button>
            {!category.isBuiltIn && (
              <Button
                variant="ghost"
                size="icon"
                disabled={remove.isPending || category.challengeCount > 0}
                title={category.challengeCount > 0 ? t('errors:CATEGORY_IN_USE') : undefined}
                aria-label={t('authoring:categories.delete', { name: category.name.en })}
                onClick={() => remove.mutate(category.key)}
              >
                <Trash2 className="text-destructive" />
              </Button>
            )}
          </li>
        ))}
      </ul>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={t(editing === null ? 'authoring:categories.add' : 'authoring:categories.editing', { key: editing })}
        className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5"
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-key`}>{t('authoring:categories.key')}</Label>
          <Input
            id={`${id}-key`}
            value={draft.key}
            disabled={editing !== null}
            placeholder="crypto"
            className="font-mono"
            onChange={(event) => change({ key: event.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-en`}>{t('authoring:categories.nameEn')}</Label>
          <Input id={`${id}-en`} lang="en" value={draft.en} onChange={(event) => change({ en: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-fr`}>{t('authoring:categories.nameFr')}</Label>
          <Input id={`${id}-fr`} lang="fr" value={draft.fr} onChange={(event) => change({ fr: event.target.value })} />
        </div>
        <SelectField
          label={t('authoring:categories.icon')}
          value={draft.icon}
          options={iconOptions}
          onChange={(icon) => change({ icon: icon as IconName })}
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={create.isPending || update.isPending}>
            {editing === null ? <Plus /> : <Save />}
            {t(editing === null ? 'authoring:categories.create' : 'authoring:categories.save')}
          </Button>
          {editing !== null && (
            <Button type="button" variant="outline" onClick={reset}>
              {t('authoring:editor.cancel')}
            </Button>
          )}
        </div>
      </form>
      {(problem !== null || error) && (
        <p role="alert" className="text-sm text-destructive">
          {problem ?? getErrorMessage(t, error)}
        </p>
      )}
    </section>
  );
}
