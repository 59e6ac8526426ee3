import { Award, Crown, Gem } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../../domain/activities';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { CATEGORY_STYLE } from '../categories';

/** `onImage`: white, for a badge laid over a picture. */
export function CategoryBadge({ category, onImage = false }: { category: Category; onImage?: boolean }) {
  const { t } = useTranslation();
  const { icon: Icon, badge } = CATEGORY_STYLE[category];
  return (
    <Badge className={onImage ? 'bg-white/95 text-ink-900 shadow-sm' : badge}>
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {t(`category.badge.${category}`)}
    </Badge>
  );
}

const SPONSOR_STYLE = {
  3: { icon: Crown, className: 'bg-gold-400 text-ink-900' },
  2: { icon: Gem, className: 'bg-lavender-600 text-white' },
  1: { icon: Award, className: 'bg-ink-900/80 text-white' },
} as const;

/** TOP / Premium / Sponsor (docs/product.md#sponsorship). */
export function SponsorBadge({ level }: { level: number }) {
  const { t } = useTranslation('activities');
  if (level !== 1 && level !== 2 && level !== 3) return null;
  const { icon: Icon, className: style } = SPONSOR_STYLE[level];
  return (
    <Badge className={cn(style, 'shadow-sm')}>
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {t(`sponsor.level${level}`)}
    </Badge>
  );
}
