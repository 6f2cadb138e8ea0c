import { useTranslation } from 'react-i18next';

import { useDocumentTitle } from '@/lib/use-document-title';

import { CallToAction } from './call-to-action';
import { FeatureGrid } from './feature-grid';
import { LandingFooter } from './landing-footer';
import { LandingHero } from './landing-hero';

/** The landing page (docs/product.md#landing-page): hero, six feature cards, call to action, footer. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  useDocumentTitle(t('hero.title'));
  return (
    <div className="flex flex-col">
      <LandingHero />
      <FeatureGrid />
      <CallToAction />
      <LandingFooter />
    </div>
  );
}
