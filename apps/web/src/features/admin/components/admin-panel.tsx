import { Award, Flag, History, Download, KeyRound, Mail, Send, Settings, Users, UsersRound, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import type { PublicUser } from '@drapeau/shared';

import { buttonVariants } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/use-document-title';

import { AccessDenied } from './access-denied';
import { AdminStatCards } from './admin-stats';
import { AuditTab } from './audit-tab';
import { BadgesTab } from './badges-tab';
import { FlagsTab } from './flags-tab';
import { MailTab } from './mail-tab';
import { SettingsTab } from './settings-tab';
import { SubmissionsTab } from './submissions-tab';
import { TokensTab } from './tokens-tab';
import { TeamsTab } from './teams-tab';
import { UsersTab } from './users-tab';

const TABS = ['users', 'teams', 'badges', 'submissions', 'audit', 'flags', 'tokens', 'mail', 'settings'] as const;
type AdminTab = (typeof TABS)[number];

const TAB_ICONS: Record<AdminTab, LucideIcon> = {
  users: Users,
  teams: UsersRound,
  badges: Award,
  submissions: Send,
  audit: History,
  flags: Flag,
  tokens: KeyRound,
  mail: Mail,
  settings: Settings,
};

/** A tab another feature brings (challenge authoring, incidents), composed by the app route (features stay apart). */
export interface AdminExtraTab {
  value: string;
  label: string;
  icon: LucideIcon;
  content: ReactNode;
}

interface AdminPanelProps {
  /** The signed-in user; the panel is theirs only when their rank is admin. */
  currentUser: PublicUser;
  /** Shown after the panel's own tabs. */
  extraTabs?: AdminExtraTab[];
}

/** The admin panel (docs/product.md#admin-panel). A player gets Access Denied and the page makes no admin request. */
export function AdminPanel({ currentUser, extraTabs = [] }: AdminPanelProps) {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('title'));
  if (currentUser.rank !== 'admin') return <AccessDenied />;
  return <AdminDashboard currentUserId={currentUser.uid} extraTabs={extraTabs} />;
}

function AdminDashboard({ currentUserId, extraTabs }: { currentUserId: string; extraTabs: AdminExtraTab[] }) {
  const { t } = useTranslation('admin');
  // The open tab lives in the address (?tab=flags), so a reload or a shared link opens the same tab.
  const [searchParams, setSearchParams] = useSearchParams();
  const tabValues: string[] = [...TABS, ...extraTabs.map((extra) => extra.value)];
  const requested = searchParams.get('tab');
  const tab = requested !== null && tabValues.includes(requested) ? requested : 'users';

  // On a phone the strip scrolls sideways: the open tab is scrolled into view, also when the page opens on it.
  const tabStrip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (tabStrip.current) scrollActiveTabIntoView(tabStrip.current);
  }, [tab]);

  function selectTab(value: string) {
    if (!tabValues.includes(value)) return;
    setSearchParams(value === 'users' ? {} : { tab: value }, { replace: true });
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
          <p className="text-muted-foreground">{t('subtitle')}</p>
        </div>
        {/* A plain download: the browser sends the session cookie; the server checks the admin role (GET /api/admin/backup). */}
        <a className={buttonVariants({ variant: 'outline' })} href="/api/admin/backup" download title={t('backup.hint')}>
          <Download aria-hidden="true" />
          {t('backup.download')}
        </a>
      </header>
      <AdminStatCards />
      <Tabs value={tab} onValueChange={selectTab}>
        <div ref={tabStrip} className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
          <TabsList aria-label={t('tabs.label')}>
            {TABS.map((value) => {
              const Icon = TAB_ICONS[value];
              return (
                <TabsTrigger key={value} value={value}>
                  <Icon aria-hidden="true" />
                  {t(`tabs.${value}`)}
                </TabsTrigger>
              );
            })}
            {extraTabs.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value}>
                <Icon aria-hidden="true" />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="users">
          <UsersTab currentUserId={currentUserId} />
        </TabsContent>
        <TabsContent value="teams">
          <TeamsTab />
        </TabsContent>
        <TabsContent value="badges">
          <BadgesTab />
        </TabsContent>
        <TabsContent value="submissions">
          <SubmissionsTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
        <TabsContent value="flags">
          <FlagsTab />
        </TabsContent>
        <TabsContent value="tokens">
          <TokensTab />
        </TabsContent>
        <TabsContent value="mail">
          <MailTab />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab />
        </TabsContent>
        {extraTabs.map(({ value, content }) => (
          <TabsContent key={value} value={value}>
            {content}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

/** Scrolls the strip sideways only (never the page) so that its active tab shows whole. */
function scrollActiveTabIntoView(strip: HTMLElement): void {
  const active = strip.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
  if (!active) return;
  const margin = 16;
  const bounds = strip.getBoundingClientRect();
  const tab = active.getBoundingClientRect();
  if (tab.left < bounds.left + margin) strip.scrollLeft -= bounds.left + margin - tab.left;
  else if (tab.right > bounds.right - margin) strip.scrollLeft += tab.right - (bounds.right - margin);
}
