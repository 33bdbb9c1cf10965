/**
 * The demo world's KYC images: small, real PNG files drawn here (no image library) so the
 * seeded documents show a picture and pass the upload's content check like any real scan.
 */
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';

export type DemoImage = 'passport' | 'card-front' | 'card-back';

const W = 240;
const H = 150;
type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** Encodes an RGB raster as a PNG (8-bit truecolour, no filter). */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0)),
  ]);
}

const inside = (x: number, y: number, x0: number, y0: number, w: number, h: number) => x >= x0 && x < x0 + w && y >= y0 && y < y0 + h;

/** A document drawn in flat shapes: a coloured band, a photo box, lines of "text". */
function draw(kind: DemoImage): Buffer {
  const paper: Rgb = [246, 244, 236];
  const ink: Rgb = [70, 74, 84];
  const band: Rgb = kind === 'passport' ? [36, 62, 120] : [22, 110, 90];
  const photo: Rgb = [188, 192, 200];
  const stripe: Rgb = [30, 30, 34];
  return encodePng(W, H, (x, y) => {
    if (x < 2 || y < 2 || x >= W - 2 || y >= H - 2) return band;
    if (kind === 'card-back') {
      if (inside(x, y, 0, 22, W, 26)) return stripe; // magnetic stripe
      if (inside(x, y, 20, 64, 150, 18)) return [255, 255, 255]; // signature panel
      if ((y - 100) % 12 < 3 && y >= 100 && y < 136 && x >= 20 && x < 20 + 200 - (y - 100) * 2) return ink;
      return paper;
    }
    if (y < 26) return band;
    if (inside(x, y, 33, 52, 24, 24) || inside(x, y, 25, 80, 40, 38)) return [150, 155, 166]; // a head and shoulders
    if (inside(x, y, 14, 40, 62, 78)) return photo;
    for (let i = 0; i < 5; i++) {
      if (inside(x, y, 92, 44 + i * 16, 120 - i * 14, 5)) return ink;
    }
    if (kind === 'passport' && y >= 126 && y < 140 && x >= 14 && x < W - 14 && (x >> 2) % 2 === 0) return ink; // machine-readable zone
    if (kind === 'card-front' && inside(x, y, 14, 124, 30, 20)) return [212, 175, 55]; // chip
    return paper;
  });
}

const cache = new Map<DemoImage, Buffer>();

/** The PNG bytes of one demo document image (drawn once per process). */
export function demoKycImage(kind: DemoImage): Buffer {
  let png = cache.get(kind);
  if (!png) { png = draw(kind); cache.set(kind, png); }
  return png;
}

/** A `files` row holding one demo image of a document (as an upload of it would be stored). */
export function demoKycFile(kind: DemoImage, doc: { kycId: string; opId: string; playerCode: string; at?: Date }) {
  const png = demoKycImage(kind);
  return {
    id: randomUUID(), opId: doc.opId, kycId: doc.kycId, name: `${doc.playerCode}-${kind}.png`, mime: 'image/png', size: png.length,
    contentBase64: png.toString('base64'), uploadedBy: null, ...(doc.at ? { createdAt: doc.at } : {}),
  };
}
