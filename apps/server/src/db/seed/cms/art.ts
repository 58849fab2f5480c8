/**
 * Illustrations drawn for the demo content: herbs, capsules, buildings, mountains, packaging and
 * abstract patterns in the site's calm green and ochre palette. Deterministic (seeded), no text,
 * rasterized by sharp at seed time.
 */
export const PALETTE = {
  ink: '#23463a', deep: '#2f5d46', green: '#4a7c59', sage: '#8fb996', mist: '#dce9d5',
  ochre: '#c8963e', sand: '#e7c98a', cream: '#f6f1e6', paper: '#fbf8f1', clay: '#a5573a',
};
const P = PALETTE;

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; };
}
const f = (n: number) => n.toFixed(1);

function frame(w: number, h: number, body: string, bg: [string, string] = [P.paper, P.mist]) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>${body}</svg>`;
}

function leaf(x: number, y: number, len: number, angle: number, color: string) {
  const w = len * 0.38;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"><path d="M0 0 C ${f(w)} ${f(-len * 0.3)} ${f(w * 0.7)} ${f(-len * 0.85)} 0 ${f(-len)} C ${f(-w * 0.7)} ${f(-len * 0.85)} ${f(-w)} ${f(-len * 0.3)} 0 0 Z" fill="${color}"/><path d="M0 0 L0 ${f(-len * 0.95)}" stroke="${P.paper}" stroke-opacity=".55" stroke-width="${f(len * 0.03)}"/></g>`;
}

function branch(r: () => number, x0: number, y0: number, x1: number, y1: number, leaves: number, size: number) {
  let out = `<path d="M${f(x0)} ${f(y0)} Q ${f((x0 + x1) / 2 + 60)} ${f((y0 + y1) / 2)} ${f(x1)} ${f(y1)}" stroke="${P.ink}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  for (let i = 1; i <= leaves; i++) {
    const t = i / (leaves + 1);
    const x = x0 + (x1 - x0) * t + 30 * Math.sin(t * Math.PI);
    const y = y0 + (y1 - y0) * t;
    const side = i % 2 ? 1 : -1;
    const color = [P.green, P.deep, P.sage][Math.floor(r() * 3)];
    out += leaf(x, y, size * (0.7 + r() * 0.5), side * (40 + r() * 35) - 10, color);
  }
  return out;
}

/** a sprig of herbs with berries and a mortar bowl */
export function herb(seed: number, w = 1200, h = 800) {
  const r = rng(seed);
  let body = `<circle cx="${w * 0.78}" cy="${h * 0.26}" r="${h * 0.16}" fill="${P.sand}" opacity=".55"/>`;
  body += `<ellipse cx="${w / 2}" cy="${h * 0.9}" rx="${w * 0.42}" ry="${h * 0.06}" fill="${P.sage}" opacity=".35"/>`;
  for (let b = 0; b < 3; b++) {
    const x0 = w * (0.3 + b * 0.18 + r() * 0.05);
    body += branch(r, x0, h * 0.88, x0 + (r() - 0.5) * 200, h * (0.18 + r() * 0.12), 6 + Math.floor(r() * 3), 90 + r() * 40);
  }
  for (let i = 0; i < 9; i++) body += `<circle cx="${f(w * (0.25 + r() * 0.5))}" cy="${f(h * (0.25 + r() * 0.45))}" r="${f(9 + r() * 8)}" fill="${i % 3 ? P.ochre : P.clay}"/>`;
  body += `<path d="M${w * 0.08} ${h * 0.7} h ${w * 0.22} a ${w * 0.11} ${h * 0.2} 0 0 1 ${-w * 0.22} 0 Z" fill="${P.ochre}"/><rect x="${w * 0.12}" y="${h * 0.86}" width="${w * 0.14}" height="${h * 0.04}" rx="8" fill="${P.ink}"/>`;
  body += `<rect x="${w * 0.2}" y="${h * 0.5}" width="16" height="${h * 0.25}" rx="8" transform="rotate(28 ${w * 0.2} ${h * 0.62})" fill="${P.clay}"/>`;
  return frame(w, h, body);
}

/** sliced roots and herbs on a round tray, seen from above */
export function slices(seed: number, w = 1200, h = 800) {
  const r = rng(seed);
  let body = `<circle cx="${w / 2}" cy="${h / 2}" r="${h * 0.42}" fill="${P.sand}"/><circle cx="${w / 2}" cy="${h / 2}" r="${h * 0.38}" fill="${P.cream}"/>`;
  for (let i = 0; i < 26; i++) {
    const a = r() * Math.PI * 2; const d = r() * h * 0.3;
    const x = w / 2 + Math.cos(a) * d; const y = h / 2 + Math.sin(a) * d;
    const rad = 22 + r() * 26;
    if (i % 3 === 0) body += leaf(x, y, rad * 2.2, r() * 360, P.green);
    else body += `<g><ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rad)}" ry="${f(rad * 0.8)}" fill="${i % 2 ? P.ochre : '#d9b46f'}"/><ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rad * 0.6)}" ry="${f(rad * 0.45)}" fill="none" stroke="${P.cream}" stroke-width="3"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(rad * 0.15)}" fill="${P.clay}"/></g>`;
  }
  for (let i = 0; i < 5; i++) body += leaf(w * (0.08 + i * 0.03), h * 0.95, 120 + i * 14, -30 + i * 14, i % 2 ? P.sage : P.green);
  for (let i = 0; i < 5; i++) body += leaf(w * (0.92 - i * 0.03), h * 0.1, 110 + i * 12, 150 + i * 14, i % 2 ? P.sage : P.deep);
  return frame(w, h, body, [P.mist, P.cream]);
}

/** capsules, tablets and a blister pack */
export function capsules(seed: number, w = 1200, h = 800) {
  const r = rng(seed);
  let body = `<rect x="${w * 0.52}" y="${h * 0.18}" width="${w * 0.36}" height="${h * 0.6}" rx="26" fill="${P.paper}" stroke="${P.sage}" stroke-width="4"/>`;
  for (let i = 0; i < 2; i++) for (let j = 0; j < 4; j++) {
    const cx = w * (0.61 + i * 0.18); const cy = h * (0.27 + j * 0.135);
    body += `<rect x="${f(cx - 58)}" y="${f(cy - 24)}" width="116" height="48" rx="24" fill="${P.mist}"/><g transform="rotate(-8 ${f(cx)} ${f(cy)})"><rect x="${f(cx - 48)}" y="${f(cy - 17)}" width="48" height="34" rx="17" fill="${P.green}"/><rect x="${f(cx - 8)}" y="${f(cy - 17)}" width="56" height="34" rx="17" fill="${P.ochre}"/></g>`;
  }
  for (let i = 0; i < 11; i++) {
    const x = w * (0.08 + r() * 0.36); const y = h * (0.2 + r() * 0.62); const a = r() * 180;
    if (i % 3 === 0) body += `<circle cx="${f(x)}" cy="${f(y)}" r="26" fill="${P.cream}" stroke="${P.sand}" stroke-width="4"/><path d="M${f(x - 16)} ${f(y)} h32" stroke="${P.sand}" stroke-width="3"/>`;
    else body += `<g transform="rotate(${f(a)} ${f(x)} ${f(y)})"><rect x="${f(x - 60)}" y="${f(y - 21)}" width="62" height="42" rx="21" fill="${i % 2 ? P.deep : P.green}"/><rect x="${f(x - 10)}" y="${f(y - 21)}" width="70" height="42" rx="21" fill="${i % 2 ? P.sand : P.ochre}"/><rect x="${f(x - 44)}" y="${f(y - 12)}" width="30" height="7" rx="3" fill="#fff" opacity=".35"/></g>`;
  }
  body += leaf(w * 0.94, h * 0.92, 160, -25, P.sage) + leaf(w * 0.9, h * 0.95, 130, -55, P.green);
  return frame(w, h, body);
}

/** a modern plant / research building in a green landscape */
export function building(seed: number, w = 1200, h = 800) {
  const r = rng(seed);
  let body = `<circle cx="${w * 0.18}" cy="${h * 0.22}" r="${h * 0.09}" fill="${P.sand}"/>`;
  body += `<path d="M0 ${h * 0.62} Q ${w * 0.25} ${h * 0.5} ${w * 0.5} ${h * 0.6} T ${w} ${h * 0.56} V ${h} H0Z" fill="${P.sage}" opacity=".6"/>`;
  const blocks = [[0.14, 0.36, 0.2, 0.3], [0.32, 0.22, 0.26, 0.44], [0.6, 0.32, 0.24, 0.34]];
  for (const [bx, by, bw, bh] of blocks) {
    const x = w * bx; const y = h * by; const ww = w * bw; const hh = h * bh;
    body += `<rect x="${f(x)}" y="${f(y)}" width="${f(ww)}" height="${f(hh)}" fill="${P.paper}" stroke="${P.ink}" stroke-width="3"/>`;
    const cols = Math.floor(ww / 46); const rows = Math.floor(hh / 44);
    for (let i = 0; i < cols; i++) for (let j = 0; j < rows; j++) {
      body += `<rect x="${f(x + 14 + i * 46)}" y="${f(y + 16 + j * 44)}" width="28" height="26" fill="${r() > 0.3 ? P.mist : P.sand}"/>`;
    }
  }
  body += `<rect x="${w * 0.32}" y="${h * 0.18}" width="${w * 0.26}" height="${h * 0.04}" fill="${P.green}"/>`;
  body += `<rect x="0" y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="${P.green}"/><rect x="0" y="${h * 0.8}" width="${w}" height="${h * 0.03}" fill="${P.cream}" opacity=".7"/>`;
  for (let i = 0; i < 9; i++) {
    const x = w * (0.04 + i * 0.115 + r() * 0.02); const y = h * 0.78; const s = 50 + r() * 30;
    body += `<rect x="${f(x - 4)}" y="${f(y - s * 0.6)}" width="8" height="${f(s * 0.6)}" fill="${P.ink}"/><circle cx="${f(x)}" cy="${f(y - s * 0.8)}" r="${f(s * 0.45)}" fill="${i % 2 ? P.deep : P.green}"/>`;
  }
  return frame(w, h, body, ['#eef4ea', P.cream]);
}

/** layered mountains with mist and a rising sun */
export function mountains(seed: number, w = 1200, h = 800) {
  const r = rng(seed);
  let body = `<circle cx="${w * (0.6 + r() * 0.2)}" cy="${h * 0.32}" r="${h * 0.12}" fill="${P.ochre}" opacity=".8"/>`;
  const layers = [P.mist, P.sage, P.green, P.deep];
  layers.forEach((c, i) => {
    let d = `M0 ${h}`; const base = h * (0.45 + i * 0.12);
    for (let x = 0; x <= w; x += w / 8) d += ` L${f(x)} ${f(base - r() * h * 0.16)}`;
    body += `<path d="${d} L${w} ${h} Z" fill="${c}"/>`;
    body += `<rect x="0" y="${f(base + h * 0.05)}" width="${w}" height="10" fill="${P.paper}" opacity=".35"/>`;
  });
  for (let i = 0; i < 3; i++) body += `<path d="M${f(w * (0.15 + i * 0.07))} ${f(h * (0.2 + i * 0.03))} q 14 -10 28 0 q 14 -10 28 0" stroke="${P.ink}" stroke-width="4" fill="none"/>`;
  return frame(w, h, body, ['#f4efe2', P.mist]);
}

/** auspicious-cloud and ring motifs: a calm abstract pattern */
export function pattern(seed: number, w = 1200, h = 800, tone: 'green' | 'ochre' | 'red' = 'green') {
  const r = rng(seed);
  const [a, b, bg0, bg1] = tone === 'green' ? [P.green, P.sage, P.mist, '#c9ddc3'] : tone === 'ochre' ? [P.ochre, P.sand, P.cream, '#efdcb4'] : ['#a83a2c', '#d7a04a', '#fbf1e4', '#f3dcc0'];
  let body = '';
  for (let i = 0; i < 7; i++) {
    const cx = w * r(); const cy = h * r(); const rad = 60 + r() * 160;
    for (let k = 0; k < 4; k++) body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad - k * 18)}" fill="none" stroke="${k % 2 ? b : a}" stroke-width="6" opacity="${f(0.25 + k * 0.12)}"/>`;
  }
  for (let i = 0; i < 5; i++) {
    const x = w * (0.1 + r() * 0.8); const y = h * (0.15 + r() * 0.7); const s = 40 + r() * 30;
    body += `<path d="M${f(x)} ${f(y)} a ${f(s)} ${f(s)} 0 1 1 ${f(s * 1.6)} 0 a ${f(s * 0.6)} ${f(s * 0.6)} 0 1 1 ${f(s * 1.2)} 0 h ${f(-s * 3.2)}" fill="none" stroke="${a}" stroke-width="7" stroke-linecap="round"/>`;
  }
  body += `<rect x="${w * 0.06}" y="${h * 0.08}" width="${w * 0.88}" height="${h * 0.84}" fill="none" stroke="${b}" stroke-width="3" stroke-dasharray="2 14" stroke-linecap="round"/>`;
  return frame(w, h, body, [bg0, bg1]);
}

/** a medicine carton and a bottle, in the product's colours */
export function packshot(seed: number, accent: string, w = 1000, h = 1000) {
  const r = rng(seed);
  let body = `<ellipse cx="${w / 2}" cy="${h * 0.82}" rx="${w * 0.36}" ry="${h * 0.05}" fill="${P.ink}" opacity=".12"/>`;
  // carton in 3/4 view
  const x = w * 0.2; const y = h * 0.28; const bw = w * 0.4; const bh = h * 0.52; const d = w * 0.14;
  body += `<path d="M${x} ${y} l${d} ${-d * 0.5} h${bw} l${-d} ${d * 0.5}Z" fill="${P.cream}" stroke="${P.ink}" stroke-width="2"/>`;
  body += `<path d="M${x + bw} ${y} l${d} ${-d * 0.5} v${bh} l${-d} ${d * 0.5}Z" fill="${P.mist}" stroke="${P.ink}" stroke-width="2"/>`;
  body += `<rect x="${x}" y="${y}" width="${bw}" height="${bh}" fill="#fff" stroke="${P.ink}" stroke-width="2"/>`;
  body += `<rect x="${x}" y="${y + bh * 0.62}" width="${bw}" height="${bh * 0.2}" fill="${accent}"/><rect x="${x}" y="${y + bh * 0.84}" width="${bw}" height="${bh * 0.04}" fill="${P.ochre}"/>`;
  body += `<rect x="${x + bw * 0.1}" y="${y + bh * 0.1}" width="${bw * 0.5}" height="16" rx="4" fill="${P.ink}"/><rect x="${x + bw * 0.1}" y="${y + bh * 0.1 + 30}" width="${bw * 0.34}" height="10" rx="4" fill="${P.sage}"/>`;
  body += leaf(x + bw * 0.62, y + bh * 0.55, bw * 0.42, 20 + r() * 20, accent) + leaf(x + bw * 0.55, y + bh * 0.55, bw * 0.3, -30 - r() * 15, P.sage);
  body += `<circle cx="${x + bw * 0.82}" cy="${y + bh * 0.14}" r="${bw * 0.08}" fill="none" stroke="${accent}" stroke-width="4"/>`;
  // bottle
  const bx = w * 0.66; const by = h * 0.5;
  body += `<rect x="${bx}" y="${by}" width="${w * 0.18}" height="${h * 0.3}" rx="24" fill="${P.clay}" opacity=".9"/><rect x="${bx + w * 0.03}" y="${by - h * 0.06}" width="${w * 0.12}" height="${h * 0.07}" rx="8" fill="${P.ink}"/>`;
  body += `<rect x="${bx}" y="${by + h * 0.08}" width="${w * 0.18}" height="${h * 0.13}" fill="#fff"/><rect x="${bx}" y="${by + h * 0.17}" width="${w * 0.18}" height="${h * 0.03}" fill="${accent}"/>`;
  body += `<rect x="${bx + 18}" y="${by + 18}" width="12" height="${h * 0.22}" rx="6" fill="#fff" opacity=".25"/>`;
  return frame(w, h, body, [P.paper, P.cream]);
}

/** a laboratory still life: flasks, a microscope-like silhouette and leaves */
export function laboratory(seed: number, w = 1200, h = 800) {
  const r = rng(seed);
  let body = `<rect x="0" y="${h * 0.74}" width="${w}" height="${h * 0.26}" fill="${P.sage}" opacity=".5"/>`;
  const flasks = [[0.22, 0.7, 1], [0.4, 0.72, 0.75], [0.58, 0.7, 1.15]];
  for (const [fx, fy, s] of flasks) {
    const x = w * fx; const y = h * fy; const k = 120 * s;
    body += `<path d="M${f(x - k * 0.18)} ${f(y - k * 1.6)} h${f(k * 0.36)} v${f(k * 0.6)} l${f(k * 0.55)} ${f(k)} h${f(-k * 1.46)} l${f(k * 0.55)} ${f(-k)}Z" fill="${P.paper}" stroke="${P.ink}" stroke-width="4"/>`;
    body += `<path d="M${f(x - k * 0.5)} ${f(y - k * 0.45)} h${f(k)} l${f(k * 0.22)} ${f(k * 0.45)} h${f(-k * 1.44)}Z" fill="${r() > 0.5 ? P.green : P.ochre}" opacity=".85"/>`;
  }
  body += `<rect x="${w * 0.72}" y="${h * 0.3}" width="26" height="${h * 0.4}" rx="10" fill="${P.ink}"/><rect x="${w * 0.7}" y="${h * 0.7}" width="${w * 0.14}" height="24" rx="8" fill="${P.ink}"/><rect x="${w * 0.73}" y="${h * 0.26}" width="${w * 0.1}" height="30" rx="12" transform="rotate(-30 ${w * 0.76} ${h * 0.28})" fill="${P.deep}"/>`;
  for (let i = 0; i < 6; i++) body += leaf(w * (0.05 + i * 0.02), h * 0.76, 110 + r() * 60, -40 + i * 14, i % 2 ? P.green : P.deep);
  for (let i = 0; i < 12; i++) body += `<circle cx="${f(w * (0.15 + r() * 0.5))}" cy="${f(h * (0.08 + r() * 0.3))}" r="${f(4 + r() * 8)}" fill="none" stroke="${P.green}" stroke-width="3" opacity=".6"/>`;
  return frame(w, h, body, ['#f1f5ee', P.cream]);
}

/** people meeting: simple rounded figures around a table (teams, training, events) */
export function people(seed: number, w = 1200, h = 800) {
  const r = rng(seed);
  let body = `<rect x="${w * 0.12}" y="${h * 0.62}" width="${w * 0.76}" height="${h * 0.08}" rx="20" fill="${P.ochre}"/>`;
  const colors = [P.green, P.deep, P.clay, P.sage, P.ochre, P.ink];
  for (let i = 0; i < 6; i++) {
    const x = w * (0.2 + i * 0.12); const y = h * 0.62;
    const c = colors[Math.floor(r() * colors.length)];
    body += `<path d="M${f(x - 48)} ${f(y)} q 0 -130 48 -130 q 48 0 48 130Z" fill="${c}"/><circle cx="${f(x)}" cy="${f(y - 165)}" r="38" fill="#e9c9a4"/><path d="M${f(x - 38)} ${f(y - 170)} a 38 38 0 0 1 76 0 q -38 -20 -76 0" fill="${P.ink}"/>`;
  }
  body += `<rect x="${w * 0.12}" y="${h * 0.7}" width="16" height="${h * 0.18}" fill="${P.ink}"/><rect x="${w * 0.86}" y="${h * 0.7}" width="16" height="${h * 0.18}" fill="${P.ink}"/>`;
  body += `<rect x="${w * 0.3}" y="${h * 0.08}" width="${w * 0.4}" height="${h * 0.2}" rx="10" fill="${P.paper}" stroke="${P.sage}" stroke-width="4"/><path d="M${w * 0.34} ${h * 0.23} l ${w * 0.08} ${-h * 0.08} l ${w * 0.06} ${h * 0.05} l ${w * 0.1} ${-h * 0.09} l ${w * 0.08} ${h * 0.06}" stroke="${P.green}" stroke-width="8" fill="none" stroke-linejoin="round"/>`;
  return frame(w, h, body, [P.paper, P.mist]);
}
