import type { DeviceType } from '@isaac/contract';
import { Radar, ToggleRight, Wind } from 'lucide-react';
import { cx } from '~/components/ui';

const ICONS = { isaac: Wind, lumos: ToggleRight, skywalker: Radar } as const;
const TONES = {
  isaac: 'bg-sky-500/15 text-sky-300',
  lumos: 'bg-amber-500/15 text-amber-300',
  skywalker: 'bg-violet-500/15 text-violet-300',
} as const;

export function DeviceTypeIcon({ type, className }: { type: DeviceType; className?: string }) {
  const Icon = ICONS[type];
  return (
    <span className={cx('inline-flex shrink-0 rounded-lg p-2', TONES[type], className)}>
      <Icon aria-hidden="true" className="h-5 w-5" />
    </span>
  );
}
