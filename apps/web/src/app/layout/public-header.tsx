import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { Button } from '@/components/ui/button';

import { BrandLink } from './brand-link';
import { LanguageSwitch } from './language-switch';

/** The header of signed-out visitors: brand, language and a Login button (docs/product.md#navigation-bar). */
export function PublicHeader({ isLoginShown }: { isLoginShown: boolean }) {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-transparent bg-background/60 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <BrandLink to="/" />
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitch />
          {isLoginShown && pathname !== '/login' && (
            <Button asChild size="sm" variant="outline">
              <Link to="/login">
                <LogIn />
                {t('login')}
              </Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
