import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { Button } from '@/components/ui/button';

function describe(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return null;
}

/** The error boundary of every route: the failure stays inside the page, the shell keeps working. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const detail = describe(error);

  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <TriangleAlert className="size-12 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t('errorBoundary.title')}</h1>
      <p className="text-muted-foreground">{t('errorBoundary.description')}</p>
      {detail && (
        <pre className="max-w-full overflow-x-auto rounded-lg border bg-muted/50 px-3 py-2 text-left font-mono text-xs text-muted-foreground">
          {detail}
        </pre>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" onClick={() => window.location.reload()}>
          {t('errorBoundary.reload')}
        </Button>
        <Button asChild>
          <Link to="/challenges">{t('errorBoundary.home')}</Link>
        </Button>
      </div>
    </div>
  );
}
