import { Wifi, WifiOff } from 'lucide-react';
import { Badge } from '~/components/ui';
import { useCommonT } from '~/lib/i18n';

/** Online / Offline in words and colour (spec section 4, device connectivity). */
export function ConnectionBadge({ online }: { online: boolean }) {
  const { t } = useCommonT();
  return online ? (
    <Badge tone="green">
      <Wifi aria-hidden="true" className="h-3.5 w-3.5" />
      {t('device.online')}
    </Badge>
  ) : (
    <Badge tone="slate">
      <WifiOff aria-hidden="true" className="h-3.5 w-3.5" />
      {t('device.offline')}
    </Badge>
  );
}
