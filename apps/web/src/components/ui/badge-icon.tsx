import {
  Award,
  Droplet,
  FileSearch,
  Globe,
  LockOpen,
  Network,
  Skull,
  Star,
  Trophy,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';

/**
 * A badge's stored icon is an emoji (the catalogue's data), but emoji show as empty boxes where no emoji font is installed:
 * the web app draws an SVG icon for it instead (docs/product.md#badges). An emoji it does not know gets the award icon.
 */
const ICONS: Readonly<Record<string, LucideIcon>> = {
  '🩸': Droplet,
  '🔓': LockOpen,
  '💀': Skull,
  '💯': Star,
  '🏆': Trophy,
  '🌐': Globe,
  '🥷': Network,
  '🔍': FileSearch,
};

interface BadgeIconProps extends LucideProps {
  /** The badge's `icon` field (an emoji), or undefined while the catalogue loads. */
  icon: string | undefined;
}

export function BadgeIcon({ icon, ...props }: BadgeIconProps) {
  const Icon = (icon === undefined ? undefined : ICONS[icon]) ?? Award;
  return <Icon aria-hidden="true" data-badge-icon="" {...props} />;
}
