/** The demo's firmware releases (`data.ts` FIRMWARE_RELEASES) as real images, and their bytes in the firmware store. */
import type { DeviceType } from '@isaac/contract';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FirmwareStore } from '../modules/firmware/storage.ts';
import { FIRMWARE_RELEASES } from './data.ts';

/**
 * A demo release's image: an ESP32-style file (the 0xE9 magic byte, then bytes derived from its name), the
 * same on every start, so the demo firmware can really be rolled out to the simulated devices (issue 14).
 */
export function demoFirmwareImage(filename: string, size: number): Buffer {
  const image = Buffer.alloc(size);
  let block = createHash('sha256').update(filename).digest();
  for (let offset = 0; offset < size; offset += block.length) {
    block.copy(image, offset);
    block = createHash('sha256').update(block).digest();
  }
  image[0] = 0xe9;
  return image;
}

/** Every demo release with its image (what the seed's rows describe). */
export function demoFirmwareImages(): {
  deviceType: DeviceType;
  version: string;
  filename: string;
  image: Buffer;
  index: number;
}[] {
  return Object.entries(FIRMWARE_RELEASES).flatMap(([deviceType, versions]) =>
    versions.map((version, index) => {
      const filename = `${deviceType}-v${version}.bin`;
      return {
        deviceType: deviceType as DeviceType,
        version,
        filename,
        image: demoFirmwareImage(filename, 64 * 1024 + index * 8 * 1024),
        index,
      };
    }),
  );
}

/** Writes the demo releases' bytes to the firmware store (content-addressed: writing them again changes nothing). */
export async function storeDemoFirmware(store: FirmwareStore): Promise<void> {
  for (const { image } of demoFirmwareImages()) {
    const staged = await store.stage(Readable.from([image]), {
      maxBytes: image.length,
      headBytes: 1,
      inspect: () => undefined,
    });
    await staged.commit();
  }
}
