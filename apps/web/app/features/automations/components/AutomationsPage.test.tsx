import type { Automation } from '@isaac/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '~/test/fake-api';
import { makeDevice } from '~/test/factories';
import { renderPage, setupPageTests } from '~/test/render';
import { AutomationsPage } from './AutomationsPage';

setupPageTests();

const PURIFIER = makeDevice({ _id: 'p1', name: 'Living Room Purifier', type: 'isaac' });
const SENSOR = makeDevice({ _id: 's1', name: 'Living Room Sensor', type: 'skywalker', model: 'SKYWALKER' });

const BEDTIME: Automation = {
  _id: 'a1',
  name: 'Purifier on at bedtime',
  enabled: true,
  trigger: { kind: 'schedule', time: '22:00', days: [0, 1, 2, 3, 4, 5, 6] },
  conditions: [],
  actions: [{ kind: 'device', device_id: 'p1', command: { kind: 'power', on: true } }],
  clear_actions: [],
  auto_mode_for: null,
  max_toggles_per_hour: 2,
  manual_override_minutes: 60,
  last_run_at: '2026-11-26T16:30:00.000Z',
  last_outcome: 'ok',
  next_run_at: '2026-11-27T16:30:00.000Z',
  created_at: '2026-11-20T00:00:00.000Z',
  updated_at: '2026-11-20T00:00:00.000Z',
};

function home(automations: Automation[]) {
  let list = automations;
  return fakeApi([
    ({ method, path, body }) => {
      if (method === 'GET' && path === '/api/devices') {
        return json(200, { devices: [PURIFIER, SENSOR], page: 1, page_size: 100, total: 2 });
      }
      if (method === 'GET' && path === '/api/automations') return json(200, { automations: list });
      if (method === 'PUT' && path === '/api/automations/a1/enabled') {
        list = list.map((a) => ({ ...a, enabled: (body as { enabled: boolean }).enabled }));
        return json(200, { automation: list[0] });
      }
      if (method === 'POST' && path === '/api/automations') {
        const created = { ...BEDTIME, ...(body as object), _id: `a${list.length + 1}` } as Automation;
        list = [...list, created];
        return json(201, { automation: created });
      }
      return undefined;
    },
  ]);
}

describe('Automations', () => {
  it('shows each automation as a sentence with its runs, and switches it off', async () => {
    const user = userEvent.setup();
    const api = home([BEDTIME]);
    renderPage(<AutomationsPage />, { api });
    expect(await screen.findByText('At 22:00, every day → turn on Living Room Purifier')).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Purifier on at bedtime enabled' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(await screen.findByText('Automation switched off')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
  });

  it('shows the runs on the home’s clock, naming its zone when it is not this browser’s', async () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const zone = browserZone === 'Asia/Dubai' ? 'Asia/Tokyo' : 'Asia/Dubai';
    const api = home([BEDTIME]);
    renderPage(<AutomationsPage timeZone={zone} />, { api });
    // 16:30 UTC is 20:30 in Dubai (GST, GMT+4) and 01:30 the next day in Tokyo (JST, GMT+9).
    const next =
      zone === 'Asia/Dubai' ? /27 Nov 2026, 8:30\spm (GST|GMT\+4)/i : /28 Nov 2026, 1:30\sam (JST|GMT\+9)/i;
    expect(await screen.findByText(next)).toBeInTheDocument();
  });

  it('"Clean the air when it turns Poor" opens one screen filled from the home’s devices, and saves it', async () => {
    const user = userEvent.setup();
    const api = home([]);
    renderPage(<AutomationsPage />, { api });
    expect(await screen.findByText('No automations yet. Start from a template below.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use template: Clean the air when it turns Poor' }));
    const dialog = await screen.findByRole('dialog', { name: 'New automation' });
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Clean the air when it turns Poor');
    expect(within(dialog).getByLabelText('Measured by')).toHaveValue('s1');
    expect(within(dialog).getByLabelText('Reading')).toHaveValue('aqi');
    expect(within(dialog).getByLabelText('Value')).toHaveValue(200);
    await user.click(within(dialog).getByRole('button', { name: 'Save automation' }));
    expect(await screen.findByText('Automation created')).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST' && c.path === '/api/automations');
    expect(post?.body).toMatchObject({
      trigger: {
        kind: 'air_quality',
        device_id: 's1',
        metric: 'aqi',
        direction: 'above',
        value: 200,
        for_minutes: 5,
      },
      actions: [
        { kind: 'device', device_id: 'p1', command: { kind: 'power', on: true } },
        { kind: 'device', device_id: 'p1', command: { kind: 'fan_speed', speed: 'high' } },
      ],
    });
  });

  it('says what is missing before saving an automation without a step', async () => {
    const user = userEvent.setup();
    renderPage(<AutomationsPage />, { api: home([]) });
    await user.click(await screen.findByRole('button', { name: 'New automation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New automation' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Nothing yet');
    await user.click(within(dialog).getByRole('button', { name: 'Save automation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Add at least one action');
  });
});
