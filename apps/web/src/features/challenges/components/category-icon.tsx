import { Binary, Cpu, FileSearch, Globe, Network, Server, type LucideProps } from 'lucide-react';
import type { ComponentType } from 'react';

import type { Category } from '@drapeau/shared';

const ICONS: Record<Category, ComponentType<LucideProps>> = {
  'web-client': Globe,
  'web-server': Server,
  networking: Network,
  'app-script': Binary,
  'app-system': Cpu,
  forensics: FileSearch,
};

export function CategoryIcon({ category, ...props }: LucideProps & { category: Category }) {
  const Icon = ICONS[category];
  return <Icon aria-hidden="true" {...props} />;
}
