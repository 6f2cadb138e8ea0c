import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { useLogout } from '@/features/auth';
import { getErrorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';

interface LogoutButtonProps {
  /** Show the text next to the icon at every width (the mobile menu); otherwise from `2xl` up (a tooltip below). */
  isLabelAlwaysShown?: boolean;
  className?: string;
}

export function LogoutButton({ isLabelAlwaysShown = false, className }: LogoutButtonProps) {
  const { t } = useTranslation(['nav', 'common']);
  const logout = useLogout();

  /** Once the session is cleared, the route guard of the signed-in pages opens /login. */
  function handleLogout() {
    logout.mutate(undefined, {
      onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
    });
  }

  const label = logout.isPending ? t('nav:loggingOut') : t('nav:logout');
  const button = (
    <Button
      variant="ghost"
      size="sm"
      onClick={handleLogout}
      disabled={logout.isPending}
      className={cn('text-muted-foreground hover:text-foreground', className)}
    >
      <LogOut />
      <span className={cn(!isLabelAlwaysShown && 'sr-only 2xl:not-sr-only')}>{label}</span>
    </Button>
  );
  return isLabelAlwaysShown ? button : <WithTooltip label={label}>{button}</WithTooltip>;
}
