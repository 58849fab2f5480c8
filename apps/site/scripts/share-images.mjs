// Renders the site's raster share picture (public/og-default.png, 1200×630: og:image of pages without a
// picture of their own) and logo (public/logo.png, 512×512: the Organization logo of JSON-LD) from the
// favicon's mark. The PNGs are committed: a build machine may lack the CJK font the text is set in.
// Run: node apps/site/scripts/share-images.mjs (needs sharp, a server dependency, and Noto Serif CJK SC)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const pub = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const mark = (x, y, size) => `<g transform="translate(${x} ${y}) scale(${size / 64})"><rect width="64" height="64" rx="14" fill="#1d5b45"/>`
  + '<path d="M32 50c0-14 6-24 18-30-2 14-8 24-18 30zm0 0c0-12-5-21-16-26 1 12 6 21 16 26z" fill="#f3e3c3"/>'
  + '<path d="M32 52V24" stroke="#c9963f" stroke-width="3" stroke-linecap="round"/></g>';

const share = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0f3b2d"/>
  <rect x="0" y="560" width="1200" height="70" fill="#1d5b45"/>
  ${mark(110, 175, 240)}
  <text x="420" y="290" font-family="Noto Serif CJK SC" font-weight="bold" font-size="104" fill="#f3e3c3">本草制药</text>
  <text x="424" y="362" font-family="Noto Serif CJK SC" font-size="40" fill="#e6f0eb">Bencao Pharmaceutical</text>
  <text x="424" y="430" font-family="Noto Serif CJK SC" font-size="34" fill="#c9963f">现代中药，守护健康</text>
</svg>`;
const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">${mark(0, 0, 512)}</svg>`;

fs.writeFileSync(path.join(pub, 'og-default.png'), await sharp(Buffer.from(share)).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer());
fs.writeFileSync(path.join(pub, 'logo.png'), await sharp(Buffer.from(logo)).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer());
