/**
 * The site's icon, drawn here rather than shipped as a binary: a blue rounded square (the
 * stylesheet's accent) with a white "L". `/favicon.svg` is what the pages link to;
 * `/favicon.ico` is the same drawing rasterised to 16×16 for clients that ask for that path
 * without reading the page (feed readers, bookmarks, older browsers).
 */

/** 16×16 grid shared by both forms, so the ICO is the SVG's pixels. */
const SIZE = 16;
const ACCENT = [0x1f, 0x5f, 0xae] as const;
const WHITE = [0xff, 0xff, 0xff] as const;
/** The "L": a vertical bar and its foot, in grid cells [x, y, width, height]. */
const STROKES: readonly (readonly [number, number, number, number])[] = [
  [5, 3, 2, 10],
  [5, 11, 6, 2],
];

export const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}"><rect width="${SIZE}" height="${SIZE}" rx="3" fill="#1f5fae"/>${STROKES.map(([x, y, w, h]) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#fff"/>`).join("")}</svg>\n`;

/** Whether a cell lies outside the square's rounded corners (radius 3, as the SVG's rx). */
function outsideCorner(x: number, y: number): boolean {
  const r = 3;
  const cx = x < r ? r : x >= SIZE - r ? SIZE - r : undefined;
  const cy = y < r ? r : y >= SIZE - r ? SIZE - r : undefined;
  if (cx === undefined || cy === undefined) return false;
  const dx = x + 0.5 - cx;
  const dy = y + 0.5 - cy;
  return dx * dx + dy * dy > r * r;
}

function pixel(x: number, y: number): readonly [number, number, number, number] {
  if (outsideCorner(x, y)) return [0, 0, 0, 0];
  const white = STROKES.some(([sx, sy, w, h]) => x >= sx && x < sx + w && y >= sy && y < sy + h);
  const [r, g, b] = white ? WHITE : ACCENT;
  return [r, g, b, 0xff];
}

/**
 * One 16×16 32-bit BMP image in an ICO container: rows bottom-up in BGRA, then the 1-bit AND
 * mask (all zero: the alpha channel decides).
 * @see https://learn.microsoft.com/en-us/previous-versions/ms997538(v=msdn.10)
 */
function icoFile(): Buffer {
  const pixels = Buffer.alloc(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      const [r, g, b, a] = pixel(x, y);
      pixels.set([b, g, r, a], ((SIZE - 1 - y) * SIZE + x) * 4);
    }
  const mask = Buffer.alloc(SIZE * 4);
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(SIZE, 4);
  header.writeInt32LE(SIZE * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  header.writeUInt32LE(pixels.length + mask.length, 20);
  const image = Buffer.concat([header, pixels, mask]);
  const dir = Buffer.alloc(6 + 16);
  dir.writeUInt16LE(1, 2);
  dir.writeUInt16LE(1, 4);
  dir.writeUInt8(SIZE, 6);
  dir.writeUInt8(SIZE, 7);
  dir.writeUInt16LE(1, 10);
  dir.writeUInt16LE(32, 12);
  dir.writeUInt32LE(image.length, 14);
  dir.writeUInt32LE(dir.length, 18);
  return Buffer.concat([dir, image]);
}

export const faviconIco: Buffer = icoFile();
