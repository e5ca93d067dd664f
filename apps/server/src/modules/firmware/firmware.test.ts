import {
  ERROR_CODE,
  FIRMWARE_MAX_BYTES,
  FIRMWARE_MSG,
  ROLE,
  type Firmware,
  type FirmwareList,
} from '@isaac/contract';
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, devices, firmware } from '../../db/schema/index.ts';
import { authed, createTestApp, csrf, later, type TestApp } from '../../test/helpers.ts';
import { expectBadSortRefused, expectSortedBy } from '../../test/list-sorting.ts';
import { FIRMWARE_MESSAGES } from './service.ts';
import { LocalDiskFirmwareStore } from './storage.ts';
import { UPLOAD_MESSAGES } from './upload.ts';

let t: TestApp;
let firmwareDir: string;
let store: LocalDiskFirmwareStore;
let admin: Record<string, string>;

beforeAll(async () => {
  firmwareDir = mkdtempSync(join(tmpdir(), 'isaac-firmware-test-'));
  t = await createTestApp({ env: { FIRMWARE_DIR: firmwareDir } });
  store = new LocalDiskFirmwareStore(firmwareDir);
  admin = await authed(t.app, (await t.signIn(ROLE.admin)).token);
});
afterAll(async () => {
  await t.close();
  rmSync(firmwareDir, { recursive: true, force: true });
});

/** Bytes of a minimal image of each kind (the magic, then random bytes). */
const esp32Image = (size = 4096) => Buffer.concat([Buffer.from([0xe9]), randomBytes(size - 1)]);
const elfImage = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), randomBytes(512)]);
const intelHex = () => Buffer.from(':10000000214601360121470136007EFE09D2190140\n:00000001FF\n', 'latin1');

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

/** A multipart/form-data body, parts in the given order. */
function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----isaac${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.filename ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs `parts` as a form to the upload route (as the admin unless `headers` say otherwise). */
function postForm(parts: Part[], headers: Record<string, string> = admin) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/firmware/upload',
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}

let versionCounter = 0;
/** Majors 3–9 (never the 99 of the update-check test below), unique within a run. */
const nextVersion = () => `${3 + (process.pid % 7)}.${Date.now() % 100000}.${++versionCounter}`;

interface UploadOptions {
  filename?: string;
  content?: Buffer;
  version?: string;
  deviceType?: string;
  releaseNotes?: string;
  headers?: Record<string, string>;
  /** Extra parts appended after the file. */
  after?: Part[];
}

async function upload(o: UploadOptions = {}) {
  const parts: Part[] = [{ name: 'version', value: o.version ?? nextVersion() }];
  if (o.deviceType !== undefined) parts.push({ name: 'device_type', value: o.deviceType });
  if (o.releaseNotes !== undefined) parts.push({ name: 'release_notes', value: o.releaseNotes });
  parts.push({ name: 'firmware', value: o.content ?? esp32Image(), filename: o.filename ?? 'isaac.bin' });
  parts.push(...(o.after ?? []));
  return postForm(parts, o.headers);
}

const blobPath = (sha256: string) => join(firmwareDir, 'sha256', sha256.slice(0, 2), sha256);
const rowCount = () => t.db.$count(firmware);

describe('POST /api/admin/firmware/upload', () => {
  it('stores the file content-addressed and answers filename, version, file_size and sha256', async () => {
    const content = esp32Image(10_000);
    const version = nextVersion();
    const res = await upload({
      filename: 'Purifier-Main.BIN',
      content,
      version: `v${version}`,
      deviceType: 'skywalker',
      releaseNotes: 'Faster sensor warm-up',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<Firmware>();
    const sha256 = createHash('sha256').update(content).digest('hex');
    expect(body).toMatchObject({
      filename: 'Purifier-Main.BIN',
      version, // canonical: the leading v is dropped
      file_size: 10_000,
      sha256,
      device_type: 'skywalker',
      release_notes: 'Faster sensor warm-up',
      uploaded_by: { name: expect.any(String) },
    });
    // The stored sha256 is the file's, and the bytes are stored under it.
    const [row] = await t.db.select().from(firmware).where(eq(firmware.id, body._id));
    expect(row?.sha256).toBe(sha256);
    expect(row?.storageKey).toBe(`sha256/${sha256.slice(0, 2)}/${sha256}`);
    expect(readFileSync(blobPath(sha256)).equals(content)).toBe(true);
    expect(await store.stagedFiles()).toEqual([]);
    // Recorded in the activity log, in the same transaction.
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, body._id));
    expect(entry).toMatchObject({
      action: 'firmware.uploaded',
      entityType: 'firmware',
      changes: { version: { before: null, after: version }, sha256: { before: null, after: sha256 } },
    });
  });

  it('accepts .hex (Intel HEX) and .elf files whose content matches, extension case-insensitive', async () => {
    const hex = await upload({ filename: 'lumos.HEX', content: intelHex(), deviceType: 'lumos' });
    expect(hex.statusCode, hex.body).toBe(201);
    const elf = await upload({ filename: 'sensor.Elf', content: elfImage() });
    expect(elf.statusCode, elf.body).toBe(201);
  });

  it('device type defaults to isaac (the spec sends only firmware and version)', async () => {
    const res = await upload();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Firmware>().device_type).toBe('isaac');
  });

  it('a wrong extension is 400 with the spec message, nothing stored', async () => {
    const before = await rowCount();
    for (const filename of ['notes.txt', 'firmware.bin.exe', 'firmware', 'image.bin2']) {
      const res = await upload({ filename });
      expect(res.statusCode, filename).toBe(400);
      expect(res.json(), filename).toMatchObject({
        error: ERROR_CODE.validation,
        message: FIRMWARE_MSG.invalidType,
      });
    }
    expect(await rowCount()).toBe(before);
    expect(await store.stagedFiles()).toEqual([]);
  });

  it('a text file renamed to .bin (or .hex, .elf) is refused by its content: 400, nothing stored', async () => {
    const before = await rowCount();
    const text = Buffer.from('This is just a README, not firmware.\n'.repeat(50));
    for (const filename of ['readme.bin', 'readme.hex', 'readme.elf']) {
      const res = await upload({ filename, content: text });
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().message, filename).toMatch(/does not match its \.(bin|hex|elf) extension/);
    }
    // An ESP32 image named .elf is not an ELF file either.
    const res = await upload({ filename: 'image.elf', content: esp32Image() });
    expect(res.statusCode).toBe(400);
    const empty = await upload({ content: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The firmware file is empty');
    expect(await rowCount()).toBe(before);
    expect(await store.stagedFiles()).toEqual([]);
  });

  it('exactly 16 MB is accepted', async () => {
    const res = await upload({ content: esp32Image(FIRMWARE_MAX_BYTES) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Firmware>().file_size).toBe(FIRMWARE_MAX_BYTES);
  });

  it('16 MB + 1 byte is 413: no row, no stored bytes, no temp file left', async () => {
    const before = await rowCount();
    const content = esp32Image(FIRMWARE_MAX_BYTES + 1);
    const res = await upload({ content });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'payload_too_large', message: FIRMWARE_MSG.tooLarge });
    expect(await rowCount()).toBe(before);
    expect(await store.stagedFiles()).toEqual([]);
    // Neither the whole file nor its first 16 MB were kept under any address.
    expect(existsSync(blobPath(createHash('sha256').update(content).digest('hex')))).toBe(false);
    const truncated = createHash('sha256').update(content.subarray(0, FIRMWARE_MAX_BYTES)).digest('hex');
    expect(existsSync(blobPath(truncated))).toBe(false);
  });

  it('over HTTP, a body past the limit is cut off: 413 arrives before the client has sent it all', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const boundary = 'isaac-cut-off';
    const total = 48 * 1024 * 1024;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n${nextVersion()}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="firmware"; filename="big.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const chunk = Buffer.alloc(256 * 1024, 0xe9);
    const result = await new Promise<{ status: number; body: string; sentWhenAnswered: number }>(
      (resolve, reject) => {
        // Chunked (no Content-Length), so the declared-size check cannot refuse it up front.
        const req = request(`${address}/api/admin/firmware/upload`, {
          method: 'POST',
          headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        let sent = 0;
        let answered = false;
        req.on('response', (res) => {
          answered = true;
          const sentWhenAnswered = sent;
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered }));
        });
        req.on('error', (error) => {
          if (!answered) reject(error);
        });
        const pump = () => {
          while (!answered && sent < total) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          if (!answered) req.end();
        };
        req.write(head);
        pump();
      },
    );
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ message: FIRMWARE_MSG.tooLarge });
    // Answered once the limit was passed (plus what the sockets buffer), far from the 48 MB offered.
    expect(result.sentWhenAnswered).toBeLessThan(32 * 1024 * 1024);
    expect(await store.stagedFiles()).toEqual([]);
  });

  it('a declared body far over the limit is refused before it is read (413)', async () => {
    const { payload, contentType } = multipart([
      { name: 'version', value: nextVersion() },
      { name: 'firmware', value: esp32Image(), filename: 'a.bin' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/firmware/upload',
      headers: { ...admin, 'content-type': contentType, 'content-length': String(FIRMWARE_MAX_BYTES * 2) },
      payload,
    });
    expect(res.statusCode).toBe(413);
  });

  it('a duplicate version for a type is 409 (also written with or without the v), nothing stored', async () => {
    const version = nextVersion();
    expect((await upload({ version, deviceType: 'lumos', filename: 'a.bin' })).statusCode).toBe(201);
    const before = await rowCount();
    const auditRows = await t.db.$count(auditLog);
    const content = esp32Image();
    const again = await upload({ version: `v${version}`, deviceType: 'lumos', content });
    expect(again.statusCode).toBe(409);
    expect(await t.db.$count(auditLog)).toBe(auditRows);
    expect(again.json()).toMatchObject({
      error: ERROR_CODE.conflict,
      message: FIRMWARE_MESSAGES.duplicate('lumos', version),
    });
    expect(existsSync(blobPath(createHash('sha256').update(content).digest('hex')))).toBe(false);
    // The same version for another type is a different release.
    expect((await upload({ version, deviceType: 'skywalker' })).statusCode).toBe(201);
    expect(await rowCount()).toBe(before + 1);
    expect(await store.stagedFiles()).toEqual([]);
  });

  it('a duplicate sent with the version after the file is refused by the insert (409), nothing kept', async () => {
    const version = nextVersion();
    expect((await upload({ version })).statusCode).toBe(201);
    const content = esp32Image();
    const res = await postForm([
      { name: 'firmware', value: content, filename: 'late.bin' },
      { name: 'version', value: version },
    ]);
    expect(res.statusCode).toBe(409);
    expect(existsSync(blobPath(createHash('sha256').update(content).digest('hex')))).toBe(false);
    expect(await store.stagedFiles()).toEqual([]);
  });

  it('validates the version (semantic), the device type and the release notes: 400 naming the field', async () => {
    for (const version of ['', '1.2', 'latest', '1.2.3.4', '01.2.3', '1.2.3-beta', 'v1.2.x']) {
      const res = await upload({ version });
      expect(res.statusCode, version).toBe(400);
      expect(res.json().details?.[0]?.path, version).toBe('version');
    }
    const type = await upload({ deviceType: 'toaster' });
    expect(type.statusCode).toBe(400);
    expect(type.json().details[0].path).toBe('device_type');
    const notes = await upload({ releaseNotes: 'x'.repeat(2001) });
    expect(notes.statusCode).toBe(400);
    expect(notes.json().details[0].path).toBe('release_notes');
    const nul = await upload({ releaseNotes: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().details[0].path).toBe('release_notes');
    expect(await store.stagedFiles()).toEqual([]);
  });

  it('no file, a file in another field, or two files: 400', async () => {
    const res = await postForm([{ name: 'version', value: nextVersion() }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FIRMWARE_MSG.fileRequired);

    const wrong = await postForm([
      { name: 'version', value: nextVersion() },
      { name: 'file', value: esp32Image(), filename: 'a.bin' },
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(UPLOAD_MESSAGES.wrongFileField);

    const before = await rowCount();
    const two = await upload({ after: [{ name: 'firmware', value: esp32Image(), filename: 'b.bin' }] });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(UPLOAD_MESSAGES.oneFile);
    expect(await rowCount()).toBe(before);
    expect(await store.stagedFiles()).toEqual([]);
  });

  it('a JSON body is 415 in the one error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/firmware/upload',
      headers: admin,
      payload: { version: '1.0.0' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      error: 'unsupported_media_type',
      message: UPLOAD_MESSAGES.notMultipart,
    });
  });

  it('a file name keeps no directories or control characters', async () => {
    const res = await upload({ filename: '../../etc/evil\u0007.bin' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Firmware>().filename).toBe('evil.bin');
  });

  it('403 for an owner and an electrician, 401 without a token; nothing stored', async () => {
    const before = await rowCount();
    for (const role of [ROLE.owner, ROLE.electrician]) {
      const headers = await authed(t.app, (await t.signIn(role)).token);
      const res = await upload({ headers });
      expect(res.statusCode, `role ${role}`).toBe(403);
      expect(res.json().error).toBe(ERROR_CODE.forbidden);
    }
    const anonymous = await upload({ headers: (await csrf(t.app)).headers });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe(ERROR_CODE.authorizationRequired);
    expect(await rowCount()).toBe(before);
  });
});

describe('the owner update check offers an upload', () => {
  it('after an upload, check-updates names it as the latest version of the type', async () => {
    const { token } = await t.signIn(ROLE.owner);
    const owner = await authed(t.app, token);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: owner,
      payload: {
        name: 'Sensor',
        model: 'SKYWALKER',
        serial_number: `SN-FW-${Date.now()}`,
        type: 'skywalker',
      },
    });
    expect(created.statusCode).toBe(201);
    const deviceId = created.json().device._id as string;
    const res = await upload({ version: 'v99.0.0', deviceType: 'skywalker' });
    expect(res.statusCode, res.body).toBe(201);
    const check = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${deviceId}/check-updates`,
      headers: owner,
    });
    expect(check.json()).toEqual({
      update_available: true,
      current_version: '1.0.0',
      latest_version: '99.0.0',
    });
  });
});

describe('GET /api/admin/firmware', () => {
  it('lists newest first with pagination and a device-type filter', async () => {
    // Each a little later than the upload before: two stored within the same millisecond tie on created_at.
    await later();
    const a = (await upload({ deviceType: 'lumos' })).json<Firmware>();
    await later();
    const b = (await upload({ deviceType: 'lumos' })).json<Firmware>();
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/admin/firmware?page_size=2',
      headers: admin,
    });
    expect(page.statusCode).toBe(200);
    const list = page.json<FirmwareList>();
    expect(list.page).toBe(1);
    expect(list.page_size).toBe(2);
    expect(list.total).toBe(await rowCount());
    expect(list.firmware.map((f) => f._id)).toEqual([b._id, a._id]);

    const lumos = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/firmware?device_type=lumos&page_size=100',
        headers: admin,
      })
    ).json<FirmwareList>();
    expect(lumos.firmware.every((f) => f.device_type === 'lumos')).toBe(true);
    expect(lumos.firmware.map((f) => f._id)).toEqual(expect.arrayContaining([a._id, b._id]));

    const past = (
      await t.app.inject({ method: 'GET', url: '/api/admin/firmware?page=999', headers: admin })
    ).json<FirmwareList>();
    expect(past.firmware).toEqual([]);
    expect(past.total).toBe(list.total);
  });

  it('searches the version or file name, and sorts by a column both ways (versions by their numbers)', async () => {
    const tag = `zs${Date.now()}`;
    const base = 1000 + (Date.now() % 100000);
    const uploaded = async (version: string, deviceType: string, name: string, size: number) => {
      const res = await upload({
        version: `${base}.${version}`,
        deviceType,
        filename: `${name}-${tag}.bin`,
        content: esp32Image(size),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Firmware>()._id;
    };
    // Each a little later than the one before: two stored within the same millisecond tie on created_at.
    const v10 = await uploaded('10.0', 'skywalker', 'Bravo', 3000);
    await later();
    const v9 = await uploaded('9.0', 'isaac', 'alpha', 5000);
    await later();
    const v95 = await uploaded('9.5', 'lumos', 'charlie', 4000);
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/firmware?search=${tag}&${query}`, headers: admin });
    const images = (body: unknown) => (body as FirmwareList).firmware;
    const id = (f: Firmware) => f._id;
    await expectSortedBy(get, images, 'created_at', id, [v10, v9, v95]);
    await expectSortedBy(get, images, 'version', id, [v9, v95, v10]);
    await expectSortedBy(get, images, 'filename', id, [v9, v10, v95]);
    await expectSortedBy(get, images, 'file_size', id, [v10, v95, v9]);
    await expectSortedBy(get, images, 'device_type', id, [v9, v95, v10]);
    await expectBadSortRefused(get);
    const byVersion = await t.app.inject({
      method: 'GET',
      url: `/api/admin/firmware?search=${base}.9.`,
      headers: admin,
    });
    expect(images(byVersion.json()).map(id).sort()).toEqual([v9, v95].sort());
  });

  it('403 for an owner', async () => {
    const headers = await authed(t.app, (await t.signIn(ROLE.owner)).token);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/firmware', headers });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/admin/firmware/:id', () => {
  const remove = (id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/firmware/${id}`, headers: admin });

  it('deletes the row and its bytes', async () => {
    const content = esp32Image();
    const stored = (await upload({ content })).json<Firmware>();
    expect(existsSync(blobPath(stored.sha256))).toBe(true);
    const res = await remove(stored._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FIRMWARE_MSG.deleted });
    expect(await t.db.$count(firmware, eq(firmware.id, stored._id))).toBe(0);
    expect(existsSync(blobPath(stored.sha256))).toBe(false);
    expect((await remove(stored._id)).statusCode).toBe(404);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, stored._id));
    expect(actions.map((a) => a.action).sort()).toEqual(['firmware.deleted', 'firmware.uploaded']);
  });

  it('keeps bytes another release still names (the same file uploaded twice)', async () => {
    const content = esp32Image();
    const first = (await upload({ content, deviceType: 'isaac' })).json<Firmware>();
    const second = (await upload({ content, deviceType: 'lumos' })).json<Firmware>();
    expect(second.sha256).toBe(first.sha256);
    expect((await remove(first._id)).statusCode).toBe(200);
    expect(existsSync(blobPath(first.sha256))).toBe(true);
    expect((await remove(second._id)).statusCode).toBe(200);
    expect(existsSync(blobPath(first.sha256))).toBe(false);
  });

  it('409 while a device of its type reports it as installed (also as v-prefixed); then deletable', async () => {
    const version = nextVersion();
    const stored = (await upload({ version, deviceType: 'lumos' })).json<Firmware>();
    const [device] = await t.db
      .insert(devices)
      .values({
        name: 'Switch',
        model: 'Lumos 2-Gang',
        serialNumber: `SN-FWDEL-${Date.now()}`,
        type: 'lumos',
        firmwareVersion: `v${version}`,
      })
      .returning();
    if (!device) throw new Error('no device');
    const res = await remove(stored._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: ERROR_CODE.conflict, message: FIRMWARE_MESSAGES.inUse(1) });
    expect(existsSync(blobPath(stored.sha256))).toBe(true);
    // Another type running the same version number does not count.
    await t.db.update(devices).set({ type: 'isaac' }).where(eq(devices.id, device.id));
    expect((await remove(stored._id)).statusCode).toBe(200);
  });

  it('an unknown id is 404', async () => {
    const res = await remove('00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(ERROR_CODE.notFound);
  });
});
