import { shade } from './colour';
import { createRandom } from '../random';
import type { Background } from './traits';

/** The scenes behind the character, drawn on the 768x1024 design canvas; bands reach far sideways so any aspect ratio is covered. */
const W0 = -1200;
const WIDE = 768 + 2400;

function sky(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<rect x="${W0}" y="-1200" width="${WIDE}" height="3400" fill="url(#${id})"/>`;
}

function cloud(x: number, y: number, s: number): string {
  return `<g fill="#ffffff" opacity="0.9"><ellipse cx="${x}" cy="${y}" rx="${60 * s}" ry="${24 * s}"/><ellipse cx="${x - 35 * s}" cy="${y + 6 * s}" rx="${38 * s}" ry="${20 * s}"/><ellipse cx="${x + 30 * s}" cy="${y - 14 * s}" rx="${40 * s}" ry="${26 * s}"/></g>`;
}

function sparkle(x: number, y: number, r: number, color: string, opacity = 0.9): string {
  return `<path d="M${x} ${y - r}Q${x} ${y} ${x + r} ${y}Q${x} ${y} ${x} ${y + r}Q${x} ${y} ${x - r} ${y}Q${x} ${y} ${x} ${y - r}Z" fill="${color}" opacity="${opacity}"/>`;
}

export function drawBackground(kind: Background, seed: number, accent: string): string {
  const rand = createRandom(seed ^ 0x5bd1e995);
  const r = (lo: number, hi: number) => lo + rand() * (hi - lo);
  const parts: string[] = [];
  switch (kind) {
    case 'beach': {
      parts.push(sky('bg-sky', '#38bdf8', '#e0f2fe'));
      parts.push(`<circle cx="${r(560, 680)}" cy="${r(110, 170)}" r="58" fill="#fef9c3"/><circle cx="${r(560, 680)}" cy="140" r="0" fill="none"/>`);
      for (let i = 0; i < 3; i++) parts.push(cloud(r(40, 720), r(80, 300), r(0.7, 1.3)));
      parts.push(`<rect x="${W0}" y="600" width="${WIDE}" height="150" fill="#0ea5e9"/><rect x="${W0}" y="600" width="${WIDE}" height="16" fill="#7dd3fc"/>`);
      for (let i = 0; i < 7; i++) parts.push(`<path d="M${r(-100, 760)} ${r(630, 730)}h${r(30, 80)}" stroke="#e0f2fe" stroke-width="4" stroke-linecap="round" opacity="0.8"/>`);
      parts.push(`<path d="M${W0} 740 Q384 700 ${W0 + WIDE} 740 V2200 H${W0} Z" fill="#fde68a"/><path d="M${W0} 742 Q384 702 ${W0 + WIDE} 742" stroke="#ffffff" stroke-width="10" fill="none" opacity="0.8"/>`);
      break;
    }
    case 'cafe': {
      parts.push(sky('bg-wall', '#fcd9b6', '#f4b98a'));
      parts.push(`<rect x="90" y="120" width="250" height="300" rx="16" fill="#bae6fd" stroke="#92400e" stroke-width="14"/><path d="M215 120V420M90 270H340" stroke="#92400e" stroke-width="10"/>`);
      parts.push(`<rect x="470" y="170" width="260" height="14" fill="#78350f"/><rect x="470" y="300" width="260" height="14" fill="#78350f"/>`);
      for (let i = 0; i < 5; i++) {
        const x = 485 + i * 50;
        parts.push(`<rect x="${x}" y="${r(120, 140)}" width="34" height="${r(30, 50)}" rx="6" fill="${['#f472b6', '#fbbf24', '#a78bfa', '#34d399', '#fb7185'][i]}"/>`);
        parts.push(`<circle cx="${x + 17}" cy="285" r="${r(10, 16)}" fill="#fef3c7" stroke="#b45309" stroke-width="3"/>`);
      }
      for (const x of [200, 384, 570]) parts.push(`<path d="M${x} -20V60" stroke="#451a03" stroke-width="3"/><path d="M${x - 34} 96Q${x} 40 ${x + 34} 96Z" fill="#fbbf24"/><circle cx="${x}" cy="104" r="10" fill="#fef9c3"/>`);
      parts.push(`<rect x="${W0}" y="820" width="${WIDE}" height="1400" fill="#92400e"/><rect x="${W0}" y="820" width="${WIDE}" height="12" fill="#b45309"/>`);
      break;
    }
    case 'classroom': {
      parts.push(sky('bg-wall', '#f1f5d8', '#dfe8c0'));
      parts.push(`<rect x="60" y="110" width="420" height="250" rx="8" fill="#14532d" stroke="#a16207" stroke-width="12"/>`);
      for (let i = 0; i < 4; i++) parts.push(`<path d="M${r(100, 200)} ${150 + i * 50}q${r(40, 90)} ${r(-10, 10)} ${r(120, 220)} 0" stroke="#f0fdf4" stroke-width="4" fill="none" opacity="0.7" stroke-linecap="round"/>`);
      parts.push(`<rect x="540" y="90" width="200" height="330" rx="6" fill="#bae6fd" stroke="#e2e8f0" stroke-width="12"/><path d="M640 90V420M540 255H740" stroke="#e2e8f0" stroke-width="8"/>`);
      for (let i = 0; i < 6; i++) parts.push(`<circle cx="${r(550, 730)}" cy="${r(100, 300)}" r="${r(5, 9)}" fill="#fbcfe8"/>`);
      parts.push(`<rect x="${W0}" y="780" width="${WIDE}" height="1400" fill="#b7935f"/><path d="M${W0} 780H${W0 + WIDE}" stroke="#8b6b3d" stroke-width="8"/>`);
      break;
    }
    case 'night': {
      parts.push(sky('bg-night', '#0b1030', '#3b2a6b'));
      parts.push(`<circle cx="${r(520, 660)}" cy="${r(120, 200)}" r="62" fill="#fef9c3"/><circle cx="${r(540, 680)}" cy="${r(110, 180)}" r="56" fill="#0f1438" opacity="0.0"/>`);
      for (let i = 0; i < 60; i++) parts.push(`<circle cx="${r(-400, 1170)}" cy="${r(0, 760)}" r="${r(1, 3.2)}" fill="#ffffff" opacity="${r(0.4, 1).toFixed(2)}"/>`);
      for (let i = 0; i < 6; i++) parts.push(sparkle(r(0, 768), r(0, 600), r(6, 14), '#fde68a'));
      parts.push(`<path d="M${W0} 860 Q200 800 384 850 T${W0 + WIDE} 840 V2200 H${W0} Z" fill="#1e1b4b"/>`);
      break;
    }
    case 'forest': {
      parts.push(sky('bg-forest', '#bbf7d0', '#4ade80'));
      for (let i = 0; i < 9; i++) {
        const x = r(-300, 1070);
        const h = r(380, 620);
        const c = shade('#166534', r(-0.2, 0.25));
        parts.push(`<rect x="${x - 12}" y="${900 - h * 0.3}" width="24" height="${h * 0.3 + 200}" fill="#78350f"/><path d="M${x} ${900 - h}L${x + 110} ${900 - h * 0.3}H${x - 110}Z" fill="${c}"/>`);
      }
      parts.push(`<rect x="${W0}" y="860" width="${WIDE}" height="1400" fill="#15803d"/>`);
      for (let i = 0; i < 12; i++) parts.push(`<circle cx="${r(0, 768)}" cy="${r(880, 1010)}" r="${r(5, 9)}" fill="${['#fde047', '#f9a8d4', '#ffffff'][i % 3]}"/>`);
      break;
    }
    case 'city': {
      parts.push(sky('bg-city', '#4c1d95', '#f472b6'));
      for (let i = 0; i < 14; i++) {
        const x = -400 + i * 120 + r(-20, 20);
        const h = r(260, 620);
        parts.push(`<rect x="${x}" y="${880 - h}" width="${r(80, 115)}" height="${h + 300}" fill="${shade('#1e1b4b', r(-0.2, 0.2))}"/>`);
        for (let k = 0; k < 8; k++) {
          if (rand() < 0.55) parts.push(`<rect x="${x + 12 + (k % 3) * 24}" y="${900 - h + 20 + Math.floor(k / 3) * 40}" width="12" height="18" fill="${rand() < 0.5 ? '#fde68a' : '#67e8f9'}" opacity="0.85"/>`);
        }
      }
      parts.push(`<rect x="${W0}" y="880" width="${WIDE}" height="1400" fill="#312e81"/>`);
      break;
    }
    case 'sakura': {
      parts.push(sky('bg-sakura', '#fce7f3', '#f9a8d4'));
      parts.push(`<path d="M-40 120Q200 140 330 60M-40 260Q120 230 220 300M808 200Q640 170 560 80" stroke="#78350f" stroke-width="14" fill="none" stroke-linecap="round"/>`);
      for (let i = 0; i < 40; i++) {
        const x = r(-200, 968);
        const y = r(0, 1000);
        parts.push(`<ellipse cx="${x}" cy="${y}" rx="${r(6, 11)}" ry="${r(4, 7)}" fill="${rand() < 0.5 ? '#fbcfe8' : '#f9a8d4'}" transform="rotate(${r(0, 180).toFixed(0)} ${x} ${y})" opacity="0.9"/>`);
      }
      parts.push(`<rect x="${W0}" y="900" width="${WIDE}" height="1400" fill="#fbcfe8"/>`);
      break;
    }
    case 'sky': {
      parts.push(sky('bg-sky', '#60a5fa', '#dbeafe'));
      for (let i = 0; i < 6; i++) parts.push(cloud(r(-100, 870), r(60, 950), r(0.8, 1.8)));
      break;
    }
    case 'studio': {
      parts.push(`<radialGradient id="bg-studio" cx="0.5" cy="0.42" r="0.75"><stop offset="0" stop-color="${shade(accent, 0.85)}"/><stop offset="1" stop-color="${shade(accent, 0.45)}"/></radialGradient><rect x="${W0}" y="-1200" width="${WIDE}" height="3400" fill="url(#bg-studio)"/>`);
      for (let i = 0; i < 10; i++) parts.push(sparkle(r(20, 748), r(20, 1000), r(8, 18), '#ffffff', 0.8));
      break;
    }
  }
  return parts.join('');
}

export { sparkle };
