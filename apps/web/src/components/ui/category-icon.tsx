import {
  Binary,
  Brain,
  Bug,
  Code,
  Cpu,
  Database,
  FileSearch,
  Flag,
  Globe,
  Image,
  Key,
  Lock,
  Network,
  Puzzle,
  Search,
  Server,
  Shield,
  Smartphone,
  Terminal,
  Wifi,
  type LucideProps,
} from 'lucide-react';
import type { ComponentType } from 'react';

import type { CategoryIcon as CategoryIconName, CategoryKey } from '@drapeau/shared';

/** Every icon a category may name (CATEGORY_ICONS in the contract). */
const ICONS: Record<CategoryIconName, ComponentType<LucideProps>> = {
  globe: Globe,
  server: Server,
  network: Network,
  binary: Binary,
  cpu: Cpu,
  'file-search': FileSearch,
  lock: Lock,
  key: Key,
  bug: Bug,
  code: Code,
  database: Database,
  shield: Shield,
  flag: Flag,
  puzzle: Puzzle,
  terminal: Terminal,
  search: Search,
  image: Image,
  wifi: Wifi,
  smartphone: Smartphone,
  brain: Brain,
};

/** The built-in categories' icons, used until the category list has loaded. */
const BUILT_IN_ICONS: Partial<Record<CategoryKey, CategoryIconName>> = {
  'web-client': 'globe',
  'web-server': 'server',
  networking: 'network',
  'app-script': 'binary',
  'app-system': 'cpu',
  forensics: 'file-search',
};

interface CategoryIconProps extends LucideProps {
  category: CategoryKey;
  /** The icon the category names (GET /api/categories); a flag when unknown. */
  icon?: CategoryIconName | undefined;
}

export function CategoryIcon({ category, icon, ...props }: CategoryIconProps) {
  const Icon = ICONS[icon ?? BUILT_IN_ICONS[category] ?? 'flag'];
  return <Icon aria-hidden="true" {...props} />;
}
