import { ADMIN_PATHS, DEVICE_TYPE_NAMES, newRolloutSchema, type Firmware } from '@isaac/contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Modal, TextField } from '~/components/ui';
import { ApiError } from '~/lib/api-client';
import { useStartRollout } from '../../api/rollouts';

const FORM_ID = 'start-rollout-form';

/**
 * The rollout of a firmware image (issue 14): to every owned device of its type not on that version yet, in
 * stages (percent of the devices), at most N at once, halting over a failure rate. Opened by `RollOutButton`.
 */
export function StartRolloutDialog({ firmware, onClose }: { firmware: Firmware; onClose: () => void }) {
  const start = useStartRollout();
  const navigate = useNavigate();
  const [stages, setStages] = useState('5, 25, 100');
  const [maxConcurrent, setMaxConcurrent] = useState('50');
  const [threshold, setThreshold] = useState('20');
  const [pause, setPause] = useState('60');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = newRolloutSchema.safeParse({
      firmware_id: firmware._id,
      stages: stages
        .split(/[\s,→>]+/)
        .filter(Boolean)
        .map(Number),
      max_concurrent: Number(maxConcurrent),
      failure_threshold_percent: Number(threshold),
      stage_pause_seconds: Number(pause),
    });
    if (!checked.success) {
      setError(checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      return;
    }
    setError(null);
    try {
      await start.mutateAsync(checked.data);
      onClose();
      await navigate(ADMIN_PATHS.rollouts);
    } catch (err) {
      setError(err instanceof ApiError ? (err.serverMessage ?? err.message) : String(err));
    }
  };

  const label = `${DEVICE_TYPE_NAMES[firmware.device_type]} ${firmware.version}`;
  return (
    <Modal
      open
      onClose={onClose}
      busy={start.isPending}
      title={`Roll out ${label}`}
      description={`To every ${firmware.device_type} device with an owner that is not on ${firmware.version} yet.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={start.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} loading={start.isPending}>
            Start rollout
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="grid gap-4 sm:grid-cols-2" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          label="Stages (% of the devices)"
          value={stages}
          onChange={(e) => setStages(e.target.value)}
          hint="Rising, ending at 100"
        />
        <TextField
          label="At most at once"
          type="number"
          min={1}
          value={maxConcurrent}
          onChange={(e) => setMaxConcurrent(e.target.value)}
        />
        <TextField
          label="Halt over (% failed in a stage)"
          type="number"
          min={0}
          max={100}
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
        />
        <TextField
          label="Pause between stages (s)"
          type="number"
          min={0}
          value={pause}
          onChange={(e) => setPause(e.target.value)}
        />
        {error ? (
          <p role="alert" className="text-sm text-red-300 sm:col-span-2">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
