import {
  Archive,
  Award,
  CalendarClock,
  Database,
  FilePenLine,
  Flag,
  History,
  KeyRound,
  Layers,
  Mail,
  Megaphone,
  Send,
  Server,
  Settings,
  ShieldAlert,
  Trophy,
  Users,
  UsersRound,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { TooltipProvider } from '@/components/ui/tooltip';
import {
  AdminPanel,
  AdminStatCards,
  AuditTab,
  BackupTab,
  BadgesTab,
  FlagsTab,
  MailTab,
  SettingsTab,
  SubmissionsTab,
  TeamsTab,
  TokensTab,
  UsersTab,
  type AdminPanelSection,
} from '@/features/admin';
import { AnnouncementsAdminTab } from '@/features/announcements';
import { useSession } from '@/features/auth';
import { ChallengesTab, IncidentsTab } from '@/features/challenge-authoring';
import { EventTab } from '@/features/event';
import { SeasonsAdminTab } from '@/features/seasons';
import { InstancesAdminTab } from '@/features/instances';
import { SeedPanel } from '@/features/seed';

/**
 * /admin/<section>/<page> (docs/product.md#admin-panel): RequireAuth has loaded the session, so the user is known here.
 * The pages come from their own features; this route groups them into sections. A new page is one entry in its section:
 * the event section is where the event's own screens go (seasons, instances), the platform section the deployment's.
 */
export function AdminRoute() {
  const { t } = useTranslation(['admin', 'authoring', 'announcements', 'event', 'seasons', 'instances']);
  const { data: user } = useSession();
  if (!user) return null;
  const sections: AdminPanelSection[] = [
    {
      value: 'people',
      label: t('admin:sections.people.label'),
      description: t('admin:sections.people.description'),
      icon: Users,
      summary: <AdminStatCards />,
      pages: [
        { value: 'users', label: t('admin:tabs.users'), icon: Users, content: <UsersTab currentUserId={user.uid} /> },
        { value: 'teams', label: t('admin:tabs.teams'), icon: UsersRound, content: <TeamsTab /> },
      ],
    },
    {
      value: 'content',
      label: t('admin:sections.content.label'),
      description: t('admin:sections.content.description'),
      icon: Layers,
      pages: [
        { value: 'challenges', label: t('authoring:tabs.challenges'), icon: FilePenLine, content: <ChallengesTab /> },
        { value: 'flags', label: t('admin:tabs.flags'), icon: Flag, content: <FlagsTab /> },
        { value: 'badges', label: t('admin:tabs.badges'), icon: Award, content: <BadgesTab /> },
        { value: 'seed', label: t('admin:tabs.seed'), icon: Database, content: <SeedPanel /> },
      ],
    },
    {
      value: 'event',
      label: t('admin:sections.event.label'),
      description: t('admin:sections.event.description'),
      icon: CalendarClock,
      pages: [
        { value: 'event', label: t('event:admin.tab'), icon: CalendarClock, content: <EventTab /> },
        { value: 'seasons', label: t('seasons:admin.tab'), icon: Trophy, content: <SeasonsAdminTab /> },
        { value: 'announcements', label: t('announcements:admin.tab'), icon: Megaphone, content: <AnnouncementsAdminTab /> },
        { value: 'submissions', label: t('admin:tabs.submissions'), icon: Send, content: <SubmissionsTab /> },
        { value: 'incidents', label: t('authoring:tabs.incidents'), icon: ShieldAlert, content: <IncidentsTab /> },
        { value: 'instances', label: t('instances:admin.tab'), icon: Server, content: <InstancesAdminTab /> },
      ],
    },
    {
      value: 'platform',
      label: t('admin:sections.platform.label'),
      description: t('admin:sections.platform.description'),
      icon: Server,
      pages: [
        { value: 'settings', label: t('admin:tabs.settings'), icon: Settings, content: <SettingsTab /> },
        { value: 'mail', label: t('admin:tabs.mail'), icon: Mail, content: <MailTab /> },
        { value: 'audit', label: t('admin:tabs.audit'), icon: History, content: <AuditTab /> },
        { value: 'tokens', label: t('admin:tabs.tokens'), icon: KeyRound, content: <TokensTab /> },
        { value: 'backup', label: t('admin:tabs.backup'), icon: Archive, content: <BackupTab /> },
      ],
    },
  ];
  // The pages' action buttons have tooltips; their provider loads with the panel, not with the first page.
  return (
    <TooltipProvider>
      <AdminPanel currentUser={user} sections={sections} />
    </TooltipProvider>
  );
}
