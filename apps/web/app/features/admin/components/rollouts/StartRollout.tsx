import { DEVICE_TYPE_NAMES, type Firmware } from '@isaac/contract';
import { Rocket } from 'lucide-react';
import { useState } from 'react';
import { Button, lazyDialog, preloadOnIntent } from '~/components/ui';

// The form loads when wanted, with its schema (ADR 083).
const StartRolloutDialog = lazyDialog(() => import('./StartRolloutDialog').then((m) => m.StartRolloutDialog));

/** "Roll out" on a firmware image (issue 14): opens the rollout's form (`StartRolloutDialog`). */
export function RollOutButton({ firmware }: { firmware: Firmware }) {
  const [open, setOpen] = useState(false);
  const label = `${DEVICE_TYPE_NAMES[firmware.device_type]} ${firmware.version}`;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        {...preloadOnIntent(StartRolloutDialog)}
        aria-label={`Roll out ${label}`}
        icon={<Rocket aria-hidden="true" className="h-4 w-4" />}
      >
        Roll out
      </Button>
      {open ? <StartRolloutDialog firmware={firmware} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
