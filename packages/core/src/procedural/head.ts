import { outlineOf, shade } from './colour';
import type { CharacterTraits, Expression } from './traits';

/** Head, face and hair on the design canvas: head centred at x 384, chin at y 462. */
const FACE = 'M270 262Q266 392 326 440Q384 478 442 440Q502 392 498 262Q496 160 384 156Q272 160 270 262Z';

function strokeFill(fill: string, width = 4.5) {
  return `fill="${fill}" stroke="${outlineOf(fill)}" stroke-width="${width}" stroke-linejoin="round"`;
}

/** Hair that falls behind the head and body, by style. */
export function drawBackHair(tr: CharacterTraits): string {
  const h = tr.hairColor;
  const a = strokeFill(h);
  const dark = shade(h, -0.18);
  switch (tr.hairStyle) {
    case 'long':
      return `<path d="M250 250Q226 560 262 790Q384 830 506 790Q542 560 518 250Z" ${a}/><path d="M300 420Q296 620 318 770M468 420Q472 620 450 770" stroke="${dark}" stroke-width="6" fill="none"/>`;
    case 'twintails':
      return `<path d="M268 238Q170 330 178 560Q190 700 236 740Q226 640 258 560Q240 420 300 286Z" ${a}/><path d="M500 238Q598 330 590 560Q578 700 532 740Q542 640 510 560Q528 420 468 286Z" ${a}/>
<path d="M226 330Q200 480 222 640M542 330Q568 480 546 640" stroke="${dark}" stroke-width="6" fill="none"/><path d="M262 300Q258 420 290 470L478 470Q510 420 506 300Z" ${a}/>`;
    case 'ponytail':
      return `<path d="M262 300Q258 420 290 470L478 470Q510 420 506 300Z" ${a}/><path d="M470 170Q600 200 590 420Q584 560 530 640Q548 520 520 420Q500 300 430 200Z" ${a}/>`;
    case 'bob':
      return `<path d="M252 250Q240 430 292 480L476 480Q528 430 516 250Z" ${a}/>`;
    case 'bun':
      return `<circle cx="300" cy="170" r="50" ${a}/><circle cx="468" cy="170" r="50" ${a}/><path d="M262 300Q258 420 290 470L478 470Q510 420 506 300Z" ${a}/>`;
    case 'braid': {
      const links = [0, 1, 2, 3, 4, 5].map((i) => `<ellipse cx="${470 + i * 6}" cy="${470 + i * 52}" rx="30" ry="32" ${a}/>`).join('');
      return `<path d="M252 250Q240 430 292 480L476 480Q528 430 516 250Z" ${a}/>${links}<path d="M498 760l12 26-26-4z" fill="${shade(h, -0.3)}"/>`;
    }
  }
}

function eye(cx: number, cy: number, tr: CharacterTraits, expression: Expression, side: 'l' | 'r'): string {
  const lash = '#2a1530';
  const closed = expression === 'serene' || (expression === 'smirk' && side === 'r') || (expression === 'grin' && side === 'r' && tr.detailSeed % 3 === 0);
  if (closed) {
    return `<path d="M${cx - 30} ${cy}Q${cx} ${cy + 20} ${cx + 30} ${cy}" stroke="${lash}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  }
  const ry = expression === 'surprised' ? 40 : expression === 'determined' || expression === 'angry' ? 28 : 35;
  const iris = expression === 'surprised' ? 18 : 23;
  const lid = expression === 'determined' || expression === 'angry' ? (side === 'l' ? 8 : -8) : 0;
  const id = `iris-${side}`;
  return `<radialGradient id="${id}" cx="0.5" cy="0.65" r="0.7"><stop offset="0" stop-color="${shade(tr.eyeColor, 0.45)}"/><stop offset="0.55" stop-color="${tr.eyeColor}"/><stop offset="1" stop-color="${shade(tr.eyeColor, -0.5)}"/></radialGradient>
<ellipse cx="${cx}" cy="${cy}" rx="31" ry="${ry}" fill="#ffffff"/>
<ellipse cx="${cx}" cy="${cy + 4}" rx="${iris}" ry="${ry - 6}" fill="url(#${id})"/>
<ellipse cx="${cx}" cy="${cy + 6}" rx="${iris * 0.45}" ry="${(ry - 6) * 0.5}" fill="${shade(tr.eyeColor, -0.72)}"/>
<circle cx="${cx - 9}" cy="${cy - 10}" r="8" fill="#ffffff"/><circle cx="${cx + 9}" cy="${cy + 14}" r="4" fill="#ffffff" opacity="0.9"/>
<path d="M${cx - 36} ${cy - ry + 10 + lid}Q${cx} ${cy - ry - 8} ${cx + 36} ${cy - ry + 10 - lid}" stroke="${lash}" stroke-width="8" fill="none" stroke-linecap="round"/>
<path d="M${side === 'l' ? cx - 36 : cx + 36} ${cy - ry + 10}l${side === 'l' ? -10 : 10} -8" stroke="${lash}" stroke-width="5" stroke-linecap="round"/>`;
}

function brows(expression: Expression, color: string): string {
  const c = shade(color, -0.35);
  const shapes: Record<Expression, string> = {
    smile: 'M300 262Q328 250 356 258M412 258Q440 250 468 262',
    grin: 'M300 258Q328 244 356 252M412 252Q440 244 468 258',
    surprised: 'M300 246Q328 230 356 240M412 240Q440 230 468 246',
    smirk: 'M300 262Q328 254 356 262M412 254Q440 242 468 250',
    determined: 'M302 252L356 270M412 270L466 252',
    serene: 'M302 266Q328 258 354 264M414 264Q440 258 466 266',
    sad: 'M302 268L354 250M414 250L466 268',
    angry: 'M302 248L358 274M410 274L466 248',
  };
  return `<path d="${shapes[expression]}" stroke="${c}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
}

function mouth(expression: Expression): string {
  const line = '#7f1d1d';
  switch (expression) {
    case 'grin':
      return `<path d="M360 404Q384 440 408 404Z" fill="#9f1239" stroke="${line}" stroke-width="3.5" stroke-linejoin="round"/><path d="M370 420Q384 432 398 420" fill="#fb7185"/>`;
    case 'surprised':
      return `<ellipse cx="384" cy="414" rx="12" ry="16" fill="#9f1239" stroke="${line}" stroke-width="3.5"/>`;
    case 'smirk':
      return `<path d="M366 412Q388 420 406 402" stroke="${line}" stroke-width="4.5" fill="none" stroke-linecap="round"/>`;
    case 'determined':
      return `<path d="M368 414H400" stroke="${line}" stroke-width="4.5" stroke-linecap="round"/>`;
    case 'serene':
      return `<path d="M372 410Q384 418 396 410" stroke="${line}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
    case 'sad':
      return `<path d="M368 418Q384 406 400 418" stroke="${line}" stroke-width="4.5" fill="none" stroke-linecap="round"/>`;
    case 'angry':
      return `<path d="M370 420Q384 410 398 420Z" fill="#9f1239" stroke="${line}" stroke-width="3.5"/>`;
    default:
      return `<path d="M364 406Q384 424 404 406" stroke="${line}" stroke-width="4.5" fill="none" stroke-linecap="round"/>`;
  }
}

export function drawFace(tr: CharacterTraits): string {
  const s = tr.skinColor;
  const parts = [
    `<rect x="362" y="430" width="44" height="70" ${strokeFill(s)}/>`,
    `<path d="M362 470Q384 486 406 470" stroke="${shade(s, -0.12)}" stroke-width="10" fill="none"/>`,
    `<ellipse cx="268" cy="330" rx="16" ry="24" ${strokeFill(s)}/><ellipse cx="500" cy="330" rx="16" ry="24" ${strokeFill(s)}/>`,
    `<path d="${FACE}" ${strokeFill(s)}/>`,
    `<ellipse cx="314" cy="386" rx="24" ry="11" fill="#fb7185" opacity="0.32"/><ellipse cx="454" cy="386" rx="24" ry="11" fill="#fb7185" opacity="0.32"/>`,
    `<path d="M384 368l-4 8h6" stroke="${shade(s, -0.3)}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
    eye(328, 330, tr, tr.expression, 'l'),
    eye(440, 330, tr, tr.expression, 'r'),
    mouth(tr.expression),
  ];
  if (tr.expression === 'sad') parts.push('<path d="M452 372q6 16 0 24q-8-8 0-24z" fill="#93c5fd"/>');
  return parts.join('');
}

/** Bangs, side locks, shine and the accessories worn on the head. */
export function drawFrontHair(tr: CharacterTraits): string {
  const h = tr.hairColor;
  const a = strokeFill(h);
  const parts = [
    `<path d="M256 336Q244 148 384 128Q524 148 512 336L494 296L474 238L446 292L420 232L392 290L362 230L334 292L304 240L282 300Z" ${a}/>`,
    `<path d="M262 270Q246 400 270 478L298 440Q282 360 296 286Z" ${a}/><path d="M506 270Q522 400 498 478L470 440Q486 360 472 286Z" ${a}/>`,
    `<path d="M300 190Q384 150 468 190" stroke="${shade(h, 0.55)}" stroke-width="12" fill="none" stroke-linecap="round" opacity="0.75"/>`,
    brows(tr.expression, h),
  ];
  if (tr.hairStyle === 'twintails') {
    parts.push(`<circle cx="276" cy="236" r="16" fill="#f43f5e" stroke="#881337" stroke-width="3"/><circle cx="492" cy="236" r="16" fill="#f43f5e" stroke="#881337" stroke-width="3"/>`);
  }
  for (const acc of tr.accessories) {
    if (acc === 'ribbon') parts.push('<path d="M430 150L474 124L478 176ZM430 150L404 112L396 160Z" fill="#f43f5e" stroke="#881337" stroke-width="3.5"/><circle cx="430" cy="148" r="10" fill="#fb7185" stroke="#881337" stroke-width="3"/>');
    if (acc === 'catEars') parts.push(`<path d="M286 176L282 80L352 138Z" ${a}/><path d="M482 176L486 80L416 138Z" ${a}/><path d="M296 160L294 104L336 140Z" fill="#fbcfe8"/><path d="M472 160L474 104L432 140Z" fill="#fbcfe8"/>`);
    if (acc === 'glasses') parts.push('<g fill="none" stroke="#334155" stroke-width="5"><rect x="290" y="300" width="76" height="62" rx="18"/><rect x="402" y="300" width="76" height="62" rx="18"/><path d="M366 326h36"/></g>');
    if (acc === 'flower') parts.push('<g transform="translate(300 170)">' + [0, 72, 144, 216, 288].map((r) => `<ellipse cx="0" cy="-16" rx="11" ry="17" fill="#fda4af" stroke="#be123c" stroke-width="2.5" transform="rotate(${r})"/>`).join('') + '<circle r="8" fill="#fde047"/></g>');
    if (acc === 'hairpin') parts.push('<path d="M318 210l40-14" stroke="#fde047" stroke-width="8" stroke-linecap="round"/><path d="M326 220l40-14" stroke="#f472b6" stroke-width="8" stroke-linecap="round"/>');
  }
  if (tr.outfit === 'maid') parts.push('<path d="M300 176Q384 120 468 176Q476 150 456 140Q384 100 312 140Q292 150 300 176Z" fill="#f8fafc" stroke="#94a3b8" stroke-width="3.5"/>');
  if (tr.outfit === 'witch') {
    parts.push('<path d="M220 190Q384 150 548 190Q560 208 520 210Q384 190 248 210Q208 208 220 190Z" fill="#3b0764" stroke="#1e0536" stroke-width="4"/><path d="M296 186Q330 60 420 10Q440 60 474 180Q384 160 296 186Z" fill="#4c1d95" stroke="#1e0536" stroke-width="4"/><path d="M300 172Q384 152 470 168" stroke="#fbbf24" stroke-width="10" fill="none"/>');
  }
  if (tr.outfit === 'armor') parts.push('<path d="M318 154Q384 118 450 154L440 170Q384 146 328 170Z" fill="#e2e8f0" stroke="#475569" stroke-width="3.5"/><path d="M384 124v-26" stroke="#f43f5e" stroke-width="10" stroke-linecap="round"/>');
  return parts.join('');
}
