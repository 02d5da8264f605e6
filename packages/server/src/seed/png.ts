import { crc32, deflateSync } from 'node:zlib';

/** An RGB colour, each channel 0..255. */
export type Rgb = readonly [number, number, number];

/**
 * A small PNG encoder for generated cover images (sharp is not a dependency): truecolour, 8 bits per
 * channel, no filtering, zlib-compressed. Flat colours and stripes compress to a few kilobytes.
 */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const rowBytes = 1 + width * 3; // filter byte 0 ("None") + RGB
  const raw = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const at = y * rowBytes + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb =>
  [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * t)) as unknown as Rgb;

/**
 * A course cover: a colour field with soft diagonal stripes and a ring, 640×360 (16:9, what the
 * course cards show).
 */
export function coverImage(base: Rgb, width = 640, height = 360): Buffer {
  const light = mix(base, [255, 255, 255], 0.18);
  const ring = mix(base, [255, 255, 255], 0.55);
  const cx = width * 0.72;
  const cy = height * 0.5;
  return encodePng(width, height, (x, y) => {
    const distance = Math.hypot(x - cx, y - cy);
    if (distance > 90 && distance < 104) return ring;
    return Math.floor((x + y) / 40) % 2 === 0 ? base : light;
  });
}
