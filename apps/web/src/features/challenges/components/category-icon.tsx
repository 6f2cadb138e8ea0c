import type { CategoryKey } from '@drapeau/shared';
import { Binary, Cpu, FileSearch, Flag, Globe, Network, Server, type LucideProps } from 'lucide-react';
import type { ComponentType } from 'react';

const ICONS: Partial<Record<CategoryKey, ComponentType<LucideProps>>> = {
  'web-client': Globe,
  'web-server': Server,
  networking: Network,
  'app-script': Binary,
  'app-system': Cpu,
  forensics: FileSearch,
};

// TODO(#12): admin-defined categories carry their own icon (GET /api/categories).
export function CategoryIcon({ category, ...props }: LucideProps & { category: CategoryKey }) {
  const Icon = ICONS[category] ?? Flag;
  return <Icon aria-hidden="true" {...props} />;
}
