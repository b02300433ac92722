import sharp from 'sharp';

/** The brand colour of the icon (Tailwind blue-700) and the manifest's colours. */
export const BRAND_BLUE = '#1d4ed8';
export const BACKGROUND = '#f8fafc';

/**
 * The app's glyph: the air-flow star of the favicon, white on the brand blue. `maskable` fills the
 * whole square and keeps the glyph inside the safe zone (the middle 80 % circle) that launchers crop to.
 */
export function appIconSvg({ maskable }: { maskable: boolean }): string {
  const scale = maskable ? 0.72 : 1;
  const r = 150 * scale;
  const spokes = [0, 45, 90, 135]
    .map((deg) => {
      const a = (deg * Math.PI) / 180;
      const dx = (Math.cos(a) * r).toFixed(1);
      const dy = (Math.sin(a) * r).toFixed(1);
      return `<line x1="${-dx}" y1="${-dy}" x2="${dx}" y2="${dy}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
<rect width="512" height="512" rx="${maskable ? 0 : 112}" fill="${BRAND_BLUE}"/>
<g transform="translate(256 256)" stroke="#fff" stroke-width="${(38 * scale).toFixed(1)}" stroke-linecap="round" fill="none">${spokes}
<circle r="${(46 * scale).toFixed(1)}" fill="${BRAND_BLUE}"/></g>
</svg>`;
}

/** A PNG of the glyph at `size` pixels square. */
export async function appIconPng(size: number, maskable: boolean): Promise<Buffer> {
  return sharp(Buffer.from(appIconSvg({ maskable })), { density: 300 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
