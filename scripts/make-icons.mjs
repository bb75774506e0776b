// Writes the PWA icons and manifest screenshots as PNG files into public/icons (no download, no image
// library: a tiny rasteriser of circles and strokes plus zlib). Run `node scripts/make-icons.mjs` after
// changing the drawing; the PNGs are committed.
import { mkdirSync, writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BRAND = [0xa3, 0x23, 0x1f];
const WHITE = [0xff, 0xff, 0xff];
const PAPER = [0xf7, 0xf4, 0xf0];
const INK = [0x1c, 0x1c, 0x1c];
const GREY = [0xd9, 0xd4, 0xce];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(w, h, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 4 + 1)] = 0;
    rgba.copy(raw, y * (w * 4 + 1) + 1, y * w * 4, (y + 1) * w * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

class Canvas {
  constructor(w, h) {
    this.w = w;
    this.h = h;
    this.px = Buffer.alloc(w * h * 4);
  }
  blend(x, y, color, a) {
    if (x < 0 || y < 0 || x >= this.w || y >= this.h || a <= 0) return;
    const i = (y * this.w + x) * 4;
    const da = this.px[i + 3] / 255;
    const oa = a + da * (1 - a);
    for (let k = 0; k < 3; k++) {
      this.px[i + k] = Math.round((color[k] * a + this.px[i + k] * da * (1 - a)) / (oa || 1));
    }
    this.px[i + 3] = Math.round(oa * 255);
  }
  /** Fills every pixel whose signed distance (in pixels) is negative, with a one-pixel soft edge. */
  shape(dist, color, box = [0, 0, this.w, this.h]) {
    const [x0, y0, x1, y1] = box.map((v) => Math.round(v));
    for (let y = Math.max(0, y0 - 2); y < Math.min(this.h, y1 + 2); y++)
      for (let x = Math.max(0, x0 - 2); x < Math.min(this.w, x1 + 2); x++) {
        const d = dist(x + 0.5, y + 0.5);
        this.blend(x, y, color, Math.max(0, Math.min(1, 0.5 - d)));
      }
  }
  rect(x, y, w, h, r, color) {
    const cx = x + w / 2;
    const cy = y + h / 2;
    this.shape(
      (px, py) => {
        const qx = Math.abs(px - cx) - w / 2 + r;
        const qy = Math.abs(py - cy) - h / 2 + r;
        return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
      },
      color,
      [x, y, x + w, y + h],
    );
  }
  ring(cx, cy, r, t, color) {
    this.shape((px, py) => Math.abs(Math.hypot(px - cx, py - cy) - r) - t / 2, color, [
      cx - r - t,
      cy - r - t,
      cx + r + t,
      cy + r + t,
    ]);
  }
  disc(cx, cy, r, color) {
    this.shape((px, py) => Math.hypot(px - cx, py - cy) - r, color, [cx - r, cy - r, cx + r, cy + r]);
  }
  line(ax, ay, bx, by, t, color) {
    this.shape(
      (px, py) => {
        const dx = bx - ax;
        const dy = by - ay;
        const k = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
        return Math.hypot(px - ax - k * dx, py - ay - k * dy) - t / 2;
      },
      color,
      [Math.min(ax, bx) - t, Math.min(ay, by) - t, Math.max(ax, bx) + t, Math.max(ay, by) + t],
    );
  }
}

/** A bicycle in a unit box, drawn at (x, y) with size s. */
function bicycle(c, x, y, s, color) {
  const P = (u, v) => [x + u * s, y + v * s];
  const t = 0.045 * s;
  const [rx, ry] = P(0.25, 0.64);
  const [fx, fy] = P(0.75, 0.64);
  const [cx, cy] = P(0.47, 0.64);
  const [sx, sy] = P(0.4, 0.38);
  const [hx, hy] = P(0.66, 0.38);
  c.ring(rx, ry, 0.17 * s, t, color);
  c.ring(fx, fy, 0.17 * s, t, color);
  c.line(rx, ry, sx, sy, t, color);
  c.line(sx, sy, cx, cy, t, color);
  c.line(cx, cy, rx, ry, t, color);
  c.line(sx, sy, hx, hy, t, color);
  c.line(cx, cy, hx, hy, t, color);
  c.line(hx, hy, fx, fy, t, color);
  c.line(...P(0.34, 0.33), ...P(0.46, 0.33), t * 1.2, color);
  c.line(hx, hy, ...P(0.64, 0.3), t, color);
  c.line(...P(0.6, 0.3), ...P(0.72, 0.3), t * 1.2, color);
  c.disc(cx, cy, t * 0.9, color);
}

function icon(size, { maskable = false } = {}) {
  const c = new Canvas(size, size);
  if (maskable) c.rect(0, 0, size, size, 0, BRAND);
  else c.rect(0, 0, size, size, size * 0.18, BRAND);
  // Maskable icons keep the drawing inside the 80% safe circle.
  const s = maskable ? size * 0.62 : size * 0.82;
  bicycle(c, (size - s) / 2, (size - s) / 2, s, WHITE);
  return png(size, size, c.px);
}

function screenshot(w, h) {
  const c = new Canvas(w, h);
  c.rect(0, 0, w, h, 0, PAPER);
  const bar = Math.round(Math.min(w, h) * 0.1);
  c.rect(0, 0, w, bar, 0, BRAND);
  bicycle(c, bar * 0.15, bar * 0.05, bar * 0.9, WHITE);
  const cols = w > h ? 4 : 2;
  const gap = Math.round(w * 0.03);
  const cardW = (w - gap * (cols + 1)) / cols;
  const cardH = cardW * 1.25;
  for (let row = 0; bar + gap + row * (cardH + gap) + cardH < h; row++)
    for (let col = 0; col < cols; col++) {
      const x = gap + col * (cardW + gap);
      const y = bar + gap + row * (cardH + gap);
      c.rect(x, y, cardW, cardH, 12, WHITE);
      bicycle(c, x + cardW * 0.1, y + cardW * 0.02, cardW * 0.8, (row + col) % 2 ? BRAND : INK);
      c.rect(x + cardW * 0.1, y + cardW * 0.9, cardW * 0.6, cardH * 0.06, 4, GREY);
      c.rect(x + cardW * 0.1, y + cardW * 1.02, cardW * 0.3, cardH * 0.06, 4, BRAND);
    }
  return png(w, h, c.px);
}

const out = new URL("../public/icons/", import.meta.url);
mkdirSync(out, { recursive: true });
const files = {
  "icon-192.png": icon(192),
  "icon-512.png": icon(512),
  "maskable-192.png": icon(192, { maskable: true }),
  "maskable-512.png": icon(512, { maskable: true }),
  "apple-touch-icon.png": icon(180, { maskable: true }),
  "screenshot-wide.png": screenshot(1280, 720),
  "screenshot-narrow.png": screenshot(540, 960),
};
for (const [name, data] of Object.entries(files)) writeFileSync(new URL(name, out), data);
console.log(`Wrote ${Object.keys(files).length} PNGs to public/icons/`);
