import { CalendarClock, FilePenLine, Megaphone, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { TooltipProvider } from '@/components/ui/tooltip';
import { AdminPanel, type AdminExtraTab } from '@/features/admin';
import { AnnouncementsAdminTab } from '@/features/announcements';
import { useSession } from '@/features/auth';
import { ChallengesTab, IncidentsTab } from '@/features/challenge-authoring';
import { EventTab } from '@/features/event';

/** /admin: RequireAuth has loaded the session, so the user is known here. Authoring tabs come from their own feature. */
export function AdminRoute() {
  const { t } = useTranslation(['authoring', 'announcements', 'event']);
  const { data: user } = useSession();
  if (!user) return null;
  const extraTabs: AdminExtraTab[] = [
    { value: 'challenges', label: t('tabs.challenges'), icon: FilePenLine, content: <ChallengesTab /> },
    { value: 'incidents', label: t('tabs.incidents'), icon: ShieldAlert, content: <IncidentsTab /> },
    { value: 'announcements', label: t('announcements:admin.tab'), icon: Megaphone, content: <AnnouncementsAdminTab /> },
    { value: 'event', label: t('event:admin.tab'), icon: CalendarClock, content: <EventTab /> },
  ];
  // The panel's action buttons have tooltips; their provider loads with the panel, not with the first page.
  return (
    <TooltipProvider>
      <AdminPanel currentUser={user} extraTabs={extraTabs} />
    </TooltipProvider>
  );
}
