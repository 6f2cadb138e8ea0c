import { ShieldAlert } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import type { SharedFlagIncident } from '@drapeau/shared';

import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';

import { useIncidents } from '../api/get-incidents';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

/** One incident in a sentence: in team mode it names both teams, and the owner team's member when it has one. */
function describeIncident(t: TFunction, incident: SharedFlagIncident): string {
  const names = { submitter: incident.submitterName, owner: incident.ownerName, challenge: incident.challengeId };
  if (!incident.ownerTeamName) return t('authoring:incidents.entry', names);
  const teams = { ...names, submitterTeam: incident.submitterTeamName ?? '—', ownerTeam: incident.ownerTeamName };
  return incident.ownerName ? t('authoring:incidents.entryTeam', teams) : t('authoring:incidents.entryTeamNoMember', teams);
}

/**
 * Shared-flag incidents: a player submitted a per-user flag that belongs to someone else. Newest first; a live
 * `incident` event (admins' streams only) refreshes the list while it is on screen.
 */
export function IncidentsTab() {
  const { t } = useTranslation(['authoring', 'errors', 'common']);
  const locale = useLocale();
  const incidents = useIncidents();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{t('authoring:incidents.title')}</h2>
        <CardDescription>{t('authoring:incidents.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {incidents.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label={t('common:loading')} />
          </div>
        ) : incidents.error ? (
          <ErrorNotice
            title={t('authoring:incidents.loadFailed')}
            message={getErrorMessage(t, incidents.error)}
            onRetry={() => void incidents.refetch()}
            retryLabel={t('common:retry')}
          />
        ) : incidents.data.incidents.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-muted-foreground">
            <ShieldAlert className="size-10" aria-hidden="true" />
            <p>{t('authoring:incidents.empty')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-border/60" aria-label={t('authoring:incidents.title')}>
            {incidents.data.incidents.map((incident) => (
              <li key={incident.id} className="grid gap-0.5 py-3 text-sm">
                <p>{describeIncident(t, incident)}</p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={incident.createdAt}>{formatDate(incident.createdAt, locale, WHEN)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
