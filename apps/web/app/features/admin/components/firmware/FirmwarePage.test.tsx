import { FIRMWARE_MAX_BYTES, FIRMWARE_MSG, type Firmware } from '@isaac/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '~/lib/query-client';
import { FirmwarePage } from './FirmwarePage';
import { FirmwareUploadDialog } from './FirmwareUploadDialog';

const API = 'http://api.test';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function makeFirmware(patch: Partial<Firmware> = {}): Firmware {
  return {
    _id: 'f1',
    device_type: 'isaac',
    version: '1.3.0',
    filename: 'isaac-v1.3.0.bin',
    file_size: 600 * 1024,
    sha256: 'ab12cd34ef56'.padEnd(64, '0'),
    release_notes: null,
    uploaded_by: { _id: 'a1', name: 'Admin' },
    created_at: '2026-11-20T10:00:00.000Z',
    ...patch,
  };
}

interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
}

/** The firmware list and delete behind a fetch mock; `answer` may take over one call. */
function fakeFirmwareApi(initial: Firmware[] = []) {
  const state = { firmware: [...initial] };
  const calls: Call[] = [];
  let answer: ((call: Call) => Response | undefined) | undefined;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const call = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      search: url.searchParams,
    };
    calls.push(call);
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.path === '/auth/csrf-token') return json(200, { csrf_token: 'csrf-1' });
    if (call.method === 'GET' && call.path === '/api/admin/firmware') {
      const type = url.searchParams.get('device_type');
      const items = state.firmware.filter((f) => !type || f.device_type === type);
      return json(200, { firmware: items, page: 1, page_size: 20, total: items.length });
    }
    const del = /^\/api\/admin\/firmware\/(.+)$/.exec(call.path);
    if (call.method === 'DELETE' && del) {
      state.firmware = state.firmware.filter((f) => f._id !== del[1]);
      return json(200, { message: FIRMWARE_MSG.deleted });
    }
    return json(404, { error: 'not_found', message: 'Not found' });
  });
  return {
    state,
    calls,
    fetchMock,
    setAnswer: (fn: typeof answer) => {
      answer = fn;
    },
  };
}

type Listener = (event: { loaded: number; total: number; lengthComputable: boolean }) => void;

/** XMLHttpRequest as the upload uses it: the test drives progress and the answer. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  status = 0;
  responseText = '';
  private readonly listeners = new Map<string, (() => void)[]>();
  private readonly progressListeners: Listener[] = [];
  readonly upload = {
    addEventListener: (_type: 'progress', listener: Listener) => this.progressListeners.push(listener),
  };

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.emit('abort');
  }
  progress(loaded: number, total: number) {
    for (const listener of this.progressListeners) listener({ loaded, total, lengthComputable: true });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.emit('load');
  }
  private emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

function renderPage(api: ReturnType<typeof fakeFirmwareApi>, entry = '/admin/devices/firmware') {
  vi.stubGlobal('fetch', api.fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const Stub = createRoutesStub([{ path: '/admin/devices/firmware', Component: FirmwarePage }]);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Stub initialEntries={[entry]} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const firmwareFile = (name = 'isaac.bin', bytes = 2048) =>
  new File([new Uint8Array(bytes).fill(0xe9)], name, { type: 'application/octet-stream' });

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click((await screen.findAllByRole('button', { name: 'Upload Firmware' }))[0] as HTMLElement);
  return screen.findByRole('dialog', { name: 'Upload Firmware' });
}

beforeEach(() => {
  window.__ISAAC_CONFIG__ = { apiUrl: API };
  localStorage.setItem('isaac_auth_token', 'token');
  FakeXhr.last = undefined;
});

afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('FirmwarePage list', () => {
  it('lists type, version, size, short sha256 and date, and filters by type in the URL', async () => {
    const user = userEvent.setup();
    const api = fakeFirmwareApi([
      makeFirmware(),
      makeFirmware({ _id: 'f2', device_type: 'lumos', version: '1.2.3', filename: 'lumos.hex' }),
    ]);
    renderPage(api);
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /1\.3\.0/ });
    expect(within(row).getByText('ISAAC')).toBeInTheDocument();
    expect(within(row).getByText('600.0 KB')).toBeInTheDocument();
    expect(within(row).getByText('ab12cd34ef56')).toBeInTheDocument();
    expect(within(row).getByText('20 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('2 images')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Device type'), 'lumos');
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('1.3.0')).toBeNull());
    expect(api.calls.at(-1)?.search.get('device_type')).toBe('lumos');
  });

  it('shows the empty state, and the load error with a working Retry', async () => {
    const user = userEvent.setup();
    const api = fakeFirmwareApi();
    let fail = true;
    api.setAnswer((call) => (fail && call.path === '/api/admin/firmware' ? json(500, {}) : undefined));
    renderPage(api);
    // The list retries once (spec section 9) before it shows the error.
    expect(await screen.findByText(FIRMWARE_MSG.loadFailed, {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(FIRMWARE_MSG.none)).toBeInTheDocument();
  });

  it('deletes after a confirmation', async () => {
    const user = userEvent.setup();
    const api = fakeFirmwareApi([makeFirmware()]);
    renderPage(api);
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Delete ISAAC 1.3.0 (isaac-v1.3.0.bin)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete firmware' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Firmware' }));
    expect(await screen.findByText(FIRMWARE_MSG.deleted)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/admin/firmware/f1')).toBe(true);
    expect(await screen.findByText(FIRMWARE_MSG.none)).toBeInTheDocument();
  });

  it("a refused delete shows the server's reason", async () => {
    const user = userEvent.setup();
    const api = fakeFirmwareApi([makeFirmware()]);
    const reason = 'This firmware cannot be deleted: 3 devices report it as the installed version';
    api.setAnswer((call) =>
      call.method === 'DELETE' ? json(409, { error: 'conflict', message: reason }) : undefined,
    );
    renderPage(api);
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: /Delete ISAAC/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete firmware' })).getByRole('button', {
        name: 'Delete Firmware',
      }),
    );
    expect(await screen.findByText(reason)).toBeInTheDocument();
  });
});

describe('FirmwareUploadDialog', () => {
  it("checks the file in the browser first with the spec's messages", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPage(fakeFirmwareApi());
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText(/Firmware file/);
    await user.upload(input, firmwareFile('notes.txt'));
    expect(await within(dialog).findByText(FIRMWARE_MSG.invalidType)).toBeInTheDocument();

    const big = firmwareFile('big.BIN', 16);
    Object.defineProperty(big, 'size', { value: FIRMWARE_MAX_BYTES + 1 });
    await user.upload(input, big);
    expect(await within(dialog).findByText(FIRMWARE_MSG.tooLarge)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(FakeXhr.last).toBeUndefined();

    await user.clear(within(dialog).getByLabelText(/Version/));
    await user.type(within(dialog).getByLabelText(/Version/), '1.2');
    await user.upload(input, firmwareFile());
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(FIRMWARE_MSG.versionFormat)).toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
  });

  it('says under the field, before any upload, that a .bin without the ESP32 magic byte 0xE9 is refused', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPage(fakeFirmwareApi());
    const dialog = await openDialog(user);
    expect(
      within(dialog).getByText(/\.bin \(an ESP32 image, starting with the byte 0xE9\)/),
    ).toBeInTheDocument();
    const text = new File([new TextEncoder().encode('not firmware')], 'renamed.bin');
    await user.upload(within(dialog).getByLabelText(/Firmware file/), text);
    expect(
      await within(dialog).findByText(
        /does not match its \.bin extension \(an ESP32 firmware image starts with the byte 0xE9\)/,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(FakeXhr.last).toBeUndefined();
  });

  it("without a stored token: 'Authentication required. Please log in again.', nothing sent", async () => {
    const user = userEvent.setup();
    renderPage(fakeFirmwareApi());
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText(/Firmware file/), firmwareFile());
    localStorage.removeItem('isaac_auth_token');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FIRMWARE_MSG.authRequired);
    expect(FakeXhr.last).toBeUndefined();
  });

  it('uploads with real progress, then toasts file name, version and size in KB', async () => {
    const user = userEvent.setup();
    const api = fakeFirmwareApi();
    renderPage(api);
    const dialog = await openDialog(user);
    expect(within(dialog).getByLabelText(/Version/)).toHaveValue('v1.1.0');
    await user.selectOptions(within(dialog).getByLabelText(/Device type/), 'skywalker');
    await user.type(within(dialog).getByLabelText(/Release notes/), 'Faster warm-up');
    await user.upload(within(dialog).getByLabelText(/Firmware file/), firmwareFile('sky.bin', 2048));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${API}/api/admin/firmware/upload`);
    expect(xhr.headers).toMatchObject({ Authorization: 'Bearer token', 'x-csrf-token': 'csrf-1' });
    expect(xhr.withCredentials).toBe(true);
    const form = xhr.body as FormData;
    expect([...form.keys()]).toEqual(['version', 'device_type', 'release_notes', 'firmware']);
    expect(form.get('device_type')).toBe('skywalker');
    expect((form.get('firmware') as File).name).toBe('sky.bin');

    act(() => xhr.progress(1024, 4096));
    const bar = within(dialog).getByRole('progressbar', { name: 'Uploading sky.bin' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    act(() => xhr.progress(4096, 4096));
    expect(bar).toHaveAttribute('aria-valuenow', '100');

    const stored = makeFirmware({
      _id: 'f9',
      device_type: 'skywalker',
      version: '1.1.0',
      filename: 'sky.bin',
      file_size: 2048,
    });
    api.state.firmware.push(stored);
    act(() => xhr.respond(201, stored));
    expect(
      await screen.findByText('Firmware sky.bin (v1.1.0, 2.0 KB) uploaded successfully'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Firmware' })).toBeNull());
    expect(await within(await screen.findByRole('table')).findByText('sky.bin')).toBeInTheDocument();
  });

  /** Opens the dialog, picks a valid file and sends it with the defaults; resolves once the XHR is sent. */
  async function sendDefaultUpload() {
    const user = userEvent.setup();
    renderPage(fakeFirmwareApi());
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText(/Firmware file/), firmwareFile());
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    return dialog;
  }

  it("a refused upload toasts the server's message and shows it under the field", async () => {
    const dialog = await sendDefaultUpload();
    const message = 'Firmware version 1.1.0 for isaac already exists';
    act(() => FakeXhr.last?.respond(409, { error: 'conflict', message }));
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(within(dialog).getByLabelText(/Version/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("without a server message: 'Upload failed with status {status}'", async () => {
    await sendDefaultUpload();
    act(() => FakeXhr.last?.respond(502, {}));
    expect(await screen.findByText(FIRMWARE_MSG.uploadFailedStatus(502))).toBeInTheDocument();
  });

  it('opens with the list filter as its preset device type', async () => {
    const user = userEvent.setup();
    renderPage(fakeFirmwareApi(), '/admin/devices/firmware?type=lumos');
    const dialog = await openDialog(user);
    expect(within(dialog).getByLabelText(/Device type/)).toHaveValue('lumos');
  });

  it("a per-device Upload fixes the device's type and names the device", async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <FirmwareUploadDialog
          presetDeviceType="skywalker"
          lockDeviceType
          target="Hall Sensor"
          onClose={() => undefined}
        />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Upload Firmware' });
    expect(dialog).toHaveAccessibleDescription(/for Hall Sensor/);
    expect(within(dialog).getByLabelText(/Device type/)).toHaveValue('skywalker');
    expect(within(dialog).getByLabelText(/Device type/)).toBeDisabled();
  });
});
