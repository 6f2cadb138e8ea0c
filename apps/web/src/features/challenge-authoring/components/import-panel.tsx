import { FileArchive, FileDown, Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';

import { EXPORT_URL, useImportChallenges } from '../api/import-challenges';

import { ImportRefusal, ImportReportView } from './import-report';

/**
 * Import a zip of ctfcli challenge folders (all or nothing) and read its whole answer (import-report.tsx), or export the
 * catalogue in the same format.
 */
export function ImportPanel() {
  const { t } = useTranslation(['authoring', 'errors']);
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [createCategories, setCreateCategories] = useState(false);
  const importer = useImportChallenges();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (file) importer.mutate({ file, createCategories });
  }

  return (
    <section className="grid gap-3 rounded-lg border p-4" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
          <FileArchive className="size-4" aria-hidden="true" />
          {t('authoring:import.title')}
        </h3>
        <Button asChild variant="outline" size="sm">
          <a href={EXPORT_URL} download>
            <FileDown />
            {t('authoring:import.export')}
          </a>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{t('authoring:import.help')}</p>
      <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-zip`}>{t('authoring:import.file')}</Label>
          <input
            id={`${id}-zip`}
            type="file"
            accept=".zip,application/zip"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              importer.reset();
            }}
            className="text-sm file:mr-3 file:rounded-md file:border file:bg-secondary file:px-3 file:py-1.5 file:text-secondary-foreground"
          />
        </div>
        <label htmlFor={`${id}-categories`} className="flex items-center gap-2 text-sm">
          <input
            id={`${id}-categories`}
            type="checkbox"
            className="size-4 accent-primary"
            checked={createCategories}
            onChange={(event) => setCreateCategories(event.target.checked)}
          />
          {t('authoring:import.createCategories')}
        </label>
        <Button type="submit" disabled={file === null || importer.isPending}>
          {importer.isPending ? <Spinner className="text-current" /> : <Upload />}
          {t('authoring:import.submit')}
        </Button>
      </form>
      <div aria-live="polite">
        {importer.data && <ImportReportView report={importer.data} />}
        {importer.error && <ImportRefusal error={importer.error} />}
      </div>
    </section>
  );
}
