import { AudioLines, Cpu, Leaf, Navigation, Ruler, Wind } from 'lucide-react';
import type { TechIcon as TechIconName } from '../content/technology';

const ICONS = {
  navigation: Navigation,
  filter: Wind,
  coverage: Ruler,
  quiet: AudioLines,
  energy: Leaf,
  sensor: Cpu,
} as const;

export function TechIcon({ name }: { name: TechIconName }) {
  const Icon = ICONS[name];
  return <Icon aria-hidden="true" size={22} />;
}
