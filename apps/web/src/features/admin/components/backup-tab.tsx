import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { buttonVariants } from '@/components/ui/button';

import { AdminSection } from './admin-section';

/** The backup archive (docs/operations.md "Backup and restore"): a plain download, the server checks the admin role. */
export function BackupTab() {
  const { t } = useTranslation('admin');
  return (
    <AdminSection title={t('backup.title')} description={t('backup.hint')}>
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t('backup.restore')}</p>
        {/* The browser sends the session cookie; GET /api/admin/backup answers admins only. */}
        <a className={buttonVariants({ variant: 'outline', className: 'w-fit' })} href="/api/admin/backup" download>
          <Download aria-hidden="true" />
          {t('backup.download')}
        </a>
      </div>
    </AdminSection>
  );
}
