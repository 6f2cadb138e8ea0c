import { UserCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { buttonVariants } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

interface AccountLinkProps {
  /** Show the text next to the icon (the mobile menu); otherwise the icon with a tooltip. */
  isLabelShown?: boolean;
  onNavigate?: () => void;
}

/** The user's account settings, `/account` (password, email, two-factor, passkeys, tokens, sessions), beside Logout. */
export function AccountLink({ isLabelShown = false, onNavigate }: AccountLinkProps) {
  const { t } = useTranslation('nav');
  const link = (
    <Link
      to="/account"
      onClick={onNavigate}
      className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'text-muted-foreground hover:text-foreground')}
    >
      <UserCog aria-hidden="true" />
      <span className={cn(!isLabelShown && 'sr-only')}>{t('account')}</span>
    </Link>
  );
  return isLabelShown ? link : <WithTooltip label={t('yourAccount')}>{link}</WithTooltip>;
}
