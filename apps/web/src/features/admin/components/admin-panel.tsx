import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';

import type { PublicUser } from '@drapeau/shared';

import { cn } from '@/lib/utils';
import { useDocumentTitle } from '@/lib/use-document-title';

import { AccessDenied } from './access-denied';

/** One page of a section, at `/admin/<section>/<page>`; its content may come from another feature (the app route composes them). */
interface AdminPanelPage {
  value: string;
  label: string;
  icon: LucideIcon;
  content: ReactNode;
}

/** A section of the panel (people, content, event, platform), at `/admin/<section>`: its pages, and what shows above them. */
export interface AdminPanelSection {
  value: string;
  label: string;
  icon: LucideIcon;
  /** One line under the section's name: what it holds. */
  description: string;
  /** Shown above the section's pages (the people section's statistics). */
  summary?: ReactNode;
  pages: AdminPanelPage[];
}

interface AdminPanelProps {
  /** The signed-in user; the panel is theirs only when their role is admin. */
  currentUser: PublicUser;
  /** In the order of the navigation; the first page of the first section opens at `/admin`. */
  sections: AdminPanelSection[];
}

/**
 * The admin panel (docs/product.md#admin-panel): a few sections, each with its pages, all with their own address. A
 * player gets Access Denied and the page makes no admin request.
 */
export function AdminPanel({ currentUser, sections }: AdminPanelProps) {
  const { t } = useTranslation('admin');
  const isAdmin = currentUser.rank === 'admin';
  // An admin's tab names the open page (below).
  useDocumentTitle(isAdmin ? undefined : t('title'));
  if (!isAdmin) return <AccessDenied />;
  return <AdminLayout sections={sections} />;
}

function adminPagePath(section: string, page: string): string {
  return `/admin/${section}/${page}`;
}

function AdminLayout({ sections }: { sections: AdminPanelSection[] }) {
  const { t } = useTranslation('admin');
  const params = useParams();
  const [searchParams] = useSearchParams();
  const first = sections[0];
  const section = sections.find((candidate) => candidate.value === params.section);
  const page = section?.pages.find((candidate) => candidate.value === params.page);

  if (!first?.pages[0]) return null;
  if (!section || !page) {
    // The panel's former addresses (`/admin?tab=flags`) and a section without its page still open the right page.
    const tab = searchParams.get('tab');
    const fromTab = tab === null ? undefined : sections.find((candidate) => candidate.pages.some((p) => p.value === tab));
    const target =
      fromTab && tab !== null
        ? adminPagePath(fromTab.value, tab)
        : section?.pages[0]
          ? adminPagePath(section.value, section.pages[0].value)
          : adminPagePath(first.value, first.pages[0].value);
    // The other parameters stay (`?tab=challenges&edit=<id>` opens the editor at /admin/content/challenges?edit=<id>).
    const rest = new URLSearchParams(searchParams);
    rest.delete('tab');
    const query = rest.toString();
    return <Navigate to={query === '' ? target : `${target}?${query}`} replace />;
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('subtitle')}</p>
      </header>
      <nav aria-label={t('sections.label')}>
        <ul className="grid grid-cols-2 gap-2 md:grid-cols-4">
          {sections.map(({ value, label, icon: Icon, description, pages }) => {
            const isActive = value === section.value;
            return (
              <li key={value} className="min-w-0">
                <Link
                  to={adminPagePath(value, pages[0]?.value ?? '')}
                  {...(isActive ? { 'aria-current': 'page' as const } : {})}
                  className={cn(
                    'flex h-full min-w-0 items-start gap-3 rounded-xl border p-3 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    isActive ? 'border-primary/60 bg-primary/10' : 'border-border/60 hover:bg-accent/60',
                  )}
                >
                  <Icon
                    className={cn('mt-0.5 size-5 shrink-0', isActive ? 'text-primary' : 'text-muted-foreground')}
                    aria-hidden="true"
                  />
                  <span className="grid min-w-0 gap-0.5">
                    <span className="font-semibold">{label}</span>
                    <span className="hidden text-xs text-muted-foreground sm:block">{description}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {section.summary}
      <nav aria-label={t('sections.pagesOf', { section: section.label })}>
        <ul className="flex flex-wrap gap-1 rounded-xl bg-muted/40 p-1">
          {section.pages.map(({ value, label, icon: Icon }) => {
            const isActive = value === page.value;
            return (
              <li key={value} className="min-w-0">
                <Link
                  to={adminPagePath(section.value, value)}
                  {...(isActive ? { 'aria-current': 'page' as const } : {})}
                  className={cn(
                    'flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    isActive ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div key={`${section.value}/${page.value}`} className="min-w-0">
        <PageTitle section={section.label} page={page.label} />
        {page.content}
      </div>
    </div>
  );
}

/** The browser tab names the open page: "Teams · People · Admin Panel". */
function PageTitle({ section, page }: { section: string; page: string }) {
  const { t } = useTranslation('admin');
  useDocumentTitle(`${page} · ${section} · ${t('title')}`);
  return null;
}
