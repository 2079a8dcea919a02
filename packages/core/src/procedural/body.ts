import { mix, outlineOf, shade } from './colour';
import type { CharacterTraits, Outfit, Pose } from './traits';

type P = readonly [number, number];
interface Limb {
  from: P;
  mid: P;
  to: P;
}
export interface Skeleton {
  /** Vertical shift of the whole figure (jumping up, sitting down). */
  dy: number;
  /** Head tilt in degrees. */
  tilt: number;
  arms: [Limb, Limb];
  legs: [Limb, Limb];
  /** Arms drawn over the face (hands to the cheeks, finger to the lips). */
  armsInFront: boolean;
  fists: [boolean, boolean];
  seated: boolean;
  crossLegged: boolean;
}

const SL: P = [312, 512];
const SR: P = [456, 512];
const HL: P = [356, 778];
const HR: P = [412, 778];
const standLegs: [Limb, Limb] = [
  { from: HL, mid: [346, 884], to: [340, 982] },
  { from: HR, mid: [422, 884], to: [428, 982] },
];

/** The eight poses of the spec as joint positions on the design canvas. */
export const SKELETONS: Record<Pose, Skeleton> = {
  confident_stand: {
    dy: 0, tilt: 3, armsInFront: false, fists: [false, false], seated: false, crossLegged: false,
    arms: [{ from: SL, mid: [258, 612], to: [326, 690] }, { from: SR, mid: [510, 612], to: [442, 690] }],
    legs: standLegs,
  },
  energetic_jump: {
    dy: -56, tilt: -4, armsInFront: false, fists: [true, true], seated: false, crossLegged: false,
    arms: [{ from: SL, mid: [252, 430], to: [226, 330] }, { from: SR, mid: [516, 430], to: [542, 330] }],
    legs: [{ from: HL, mid: [310, 872], to: [352, 944] }, { from: HR, mid: [452, 862], to: [470, 968] }],
  },
  relaxed_sitting: {
    dy: 72, tilt: 5, armsInFront: false, fists: [false, false], seated: true, crossLegged: false,
    arms: [{ from: SL, mid: [282, 640], to: [336, 756] }, { from: SR, mid: [486, 640], to: [432, 756] }],
    legs: [{ from: HL, mid: [340, 824], to: [332, 914] }, { from: HR, mid: [428, 824], to: [440, 914] }],
  },
  happy_smile: {
    dy: 0, tilt: -5, armsInFront: false, fists: [false, false], seated: false, crossLegged: false,
    arms: [{ from: SL, mid: [284, 620], to: [292, 722] }, { from: SR, mid: [524, 462], to: [548, 372] }],
    legs: standLegs,
  },
  surprised_gasp: {
    dy: 0, tilt: 0, armsInFront: true, fists: [false, false], seated: false, crossLegged: false,
    arms: [{ from: SL, mid: [268, 600], to: [314, 438] }, { from: SR, mid: [500, 600], to: [454, 438] }],
    legs: [{ from: HL, mid: [350, 884], to: [356, 982] }, { from: HR, mid: [418, 884], to: [412, 982] }],
  },
  mischievous_smirk: {
    dy: 0, tilt: -7, armsInFront: true, fists: [false, false], seated: false, crossLegged: false,
    arms: [{ from: SL, mid: [258, 612], to: [326, 690] }, { from: SR, mid: [508, 590], to: [424, 436] }],
    legs: standLegs,
  },
  determined_fist: {
    dy: 0, tilt: 2, armsInFront: false, fists: [true, true], seated: false, crossLegged: false,
    arms: [{ from: SL, mid: [276, 622], to: [288, 704] }, { from: SR, mid: [548, 560], to: [528, 448] }],
    legs: [{ from: HL, mid: [330, 884], to: [318, 982] }, { from: HR, mid: [438, 884], to: [450, 982] }],
  },
  peaceful_meditation: {
    dy: 96, tilt: 0, armsInFront: false, fists: [false, false], seated: true, crossLegged: true,
    arms: [{ from: SL, mid: [296, 646], to: [378, 584] }, { from: SR, mid: [472, 646], to: [390, 584] }],
    legs: [{ from: HL, mid: [252, 846], to: [420, 876] }, { from: HR, mid: [516, 846], to: [348, 876] }],
  },
};

const pt = (p: P) => `${p[0]} ${p[1]}`;
const lerp = (a: P, b: P, t: number): P => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** A jointed limb: an outline stroke under a fill stroke, round joints. */
function limbPath(points: P[], width: number, color: string): string {
  const d = `M${points.map(pt).join('L')}`;
  return `<path d="${d}" stroke="${outlineOf(color)}" stroke-width="${width + 7}" fill="none" stroke-linecap="round" stroke-linejoin="round"/><path d="${d}" stroke="${color}" stroke-width="${width}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
}

interface OutfitStyle {
  sleeve: 'none' | 'puff' | 'long' | 'wide';
  sleeveColor: string;
  /** Where leg cover starts along hip -> knee -> foot (0 = hip, 1 = knee, 2 = foot); null for bare legs. */
  legCoverFrom: number | null;
  legCoverColor: string;
  shoe: string;
}

function outfitStyle(outfit: Outfit, color: string): OutfitStyle {
  switch (outfit) {
    case 'swimsuit':
      return { sleeve: 'none', sleeveColor: color, legCoverFrom: null, legCoverColor: color, shoe: '#f8fafc' };
    case 'maid':
      return { sleeve: 'puff', sleeveColor: '#1f2937', legCoverFrom: 0.45, legCoverColor: '#f8fafc', shoe: '#111827' };
    case 'seifuku':
      return { sleeve: 'long', sleeveColor: '#f8fafc', legCoverFrom: 1.15, legCoverColor: '#1e3a8a', shoe: '#3f2a1d' };
    case 'hoodie':
      return { sleeve: 'long', sleeveColor: color, legCoverFrom: 1.7, legCoverColor: '#f8fafc', shoe: '#ef4444' };
    case 'kimono':
      return { sleeve: 'wide', sleeveColor: color, legCoverFrom: 0, legCoverColor: color, shoe: '#7c2d12' };
    case 'dress':
      return { sleeve: 'puff', sleeveColor: color, legCoverFrom: 1.6, legCoverColor: '#ffffff', shoe: shade(color, -0.35) };
    case 'armor':
      return { sleeve: 'long', sleeveColor: '#cbd5e1', legCoverFrom: 0.9, legCoverColor: '#cbd5e1', shoe: '#64748b' };
    case 'witch':
      return { sleeve: 'long', sleeveColor: '#3b0764', legCoverFrom: 0, legCoverColor: '#111827', shoe: '#1f2937' };
  }
}

function pointAlong(l: Limb, t: number): P {
  return t <= 1 ? lerp(l.from, l.mid, t) : lerp(l.mid, l.to, t - 1);
}
function limbFrom(l: Limb, t: number): P[] {
  return t <= 1 ? [pointAlong(l, t), l.mid, l.to] : [pointAlong(l, t), l.to];
}

export function drawLegs(s: Skeleton, tr: CharacterTraits): string {
  const style = outfitStyle(tr.outfit, tr.outfitColor);
  const out: string[] = [];
  for (const leg of s.legs) {
    out.push(limbPath([leg.from, leg.mid, leg.to], 40, tr.skinColor));
    if (style.legCoverFrom !== null) out.push(limbPath(limbFrom(leg, style.legCoverFrom), 41, style.legCoverColor));
    const [fx, fy] = leg.to;
    out.push(`<ellipse cx="${fx}" cy="${fy + 8}" rx="27" ry="14" fill="${style.shoe}" stroke="${outlineOf(style.shoe)}" stroke-width="4"/>`);
  }
  return out.join('');
}

export function drawArms(s: Skeleton, tr: CharacterTraits): string {
  const style = outfitStyle(tr.outfit, tr.outfitColor);
  const out: string[] = [];
  s.arms.forEach((arm, i) => {
    const pts: P[] = [arm.from, arm.mid, arm.to];
    out.push(limbPath(pts, 30, tr.skinColor));
    if (style.sleeve === 'long') out.push(limbPath([arm.from, arm.mid, lerp(arm.mid, arm.to, 0.8)], 34, style.sleeveColor));
    if (style.sleeve === 'wide') {
      out.push(limbPath([arm.from, arm.mid, lerp(arm.mid, arm.to, 0.7)], 54, style.sleeveColor));
    }
    if (style.sleeve === 'puff') {
      const c = lerp(arm.from, arm.mid, 0.28);
      out.push(`<circle cx="${c[0]}" cy="${c[1]}" r="30" fill="${style.sleeveColor}" stroke="${outlineOf(style.sleeveColor)}" stroke-width="4"/>`);
    }
    if (style.sleeve === 'long' || style.sleeve === 'wide') {
      const cuff = lerp(arm.mid, arm.to, style.sleeve === 'wide' ? 0.7 : 0.8);
      const cuffColor = tr.outfit === 'seifuku' ? '#1e3a8a' : shade(style.sleeveColor, -0.15);
      out.push(`<circle cx="${cuff[0]}" cy="${cuff[1]}" r="${style.sleeve === 'wide' ? 27 : 18}" fill="${cuffColor}" stroke="${outlineOf(cuffColor)}" stroke-width="3"/>`);
    }
    const fist = s.fists[i];
    out.push(`<circle cx="${arm.to[0]}" cy="${arm.to[1]}" r="${fist ? 20 : 17}" fill="${tr.skinColor}" stroke="${outlineOf(tr.skinColor)}" stroke-width="4"/>`);
    if (fist) out.push(`<path d="M${arm.to[0] - 10} ${arm.to[1] - 3}h20M${arm.to[0] - 10} ${arm.to[1] + 5}h20" stroke="${outlineOf(tr.skinColor)}" stroke-width="2.5" stroke-linecap="round"/>`);
  });
  return out.join('');
}

const TORSO = 'M304 506Q384 484 464 506L450 606Q440 654 440 700L328 700Q328 654 318 606Z';

/** Torso, skirt or robe of each outfit. */
export function drawOutfit(s: Skeleton, tr: CharacterTraits): string {
  const c = tr.outfitColor;
  const o = (fill: string) => `fill="${fill}" stroke="${outlineOf(fill)}" stroke-width="4.5" stroke-linejoin="round"`;
  const skin = tr.skinColor;
  switch (tr.outfit) {
    case 'swimsuit': {
      const suit = mix(c, '#ffffff', 0.15);
      return `<path d="${TORSO}" ${o(skin)}/>
<path d="M326 566Q384 586 442 566L446 620Q438 690 446 760Q384 792 322 760Q330 690 322 620Z" ${o(suit)}/>
<path d="M336 572L322 506M432 572L446 506" stroke="${outlineOf(suit)}" stroke-width="9" stroke-linecap="round"/><path d="M336 572L322 506M432 572L446 506" stroke="${suit}" stroke-width="5" stroke-linecap="round"/>
<path d="M318 742Q340 790 362 760Q384 800 406 760Q428 790 450 742L456 770Q384 820 312 770Z" ${o('#ffffff')}/>
<circle cx="384" cy="590" r="9" fill="#ffffff" stroke="${outlineOf(suit)}" stroke-width="3"/>`;
    }
    case 'maid':
      return `<path d="${TORSO}" ${o('#1f2937')}/>
<path d="M328 696L440 696L508 842Q384 872 260 842Z" ${o('#1f2937')}/>
<path d="M262 842Q280 862 300 846Q318 866 340 850Q362 870 384 852Q406 870 428 850Q450 866 468 846Q488 862 506 842" fill="none" stroke="#f8fafc" stroke-width="9" stroke-linecap="round"/>
<path d="M336 590Q384 604 432 590L436 700L472 820Q384 848 296 820L332 700Z" ${o('#f8fafc')}/>
<path d="M340 700H428" stroke="#cbd5e1" stroke-width="6"/>
<path d="M346 508L384 548L422 508" ${o('#f8fafc')}/><path d="M370 548L384 530L398 548L384 566Z" fill="${c}" stroke="${outlineOf(c)}" stroke-width="3"/>`;
    case 'seifuku': {
      const navy = '#1e3a8a';
      return `<path d="${TORSO}" ${o('#f8fafc')}/>
<path d="M328 694L440 694L500 836Q384 862 268 836Z" ${o(navy)}/>
<path d="M344 700L322 836M366 700L356 846M402 700L412 846M424 700L446 836" stroke="${shade(navy, 0.25)}" stroke-width="4"/>
<path d="M306 508Q384 492 462 508L470 560L384 640L298 560Z" ${o(navy)}/>
<path d="M314 530L384 612L454 530" fill="none" stroke="#f8fafc" stroke-width="5"/>
<path d="M384 622L346 604L352 652ZM384 622L422 604L416 652Z" ${o('#dc2626')}/><circle cx="384" cy="624" r="10" fill="#dc2626" stroke="${outlineOf('#dc2626')}" stroke-width="3"/>`;
    }
    case 'hoodie':
      return `<path d="M290 500Q384 478 478 500L470 640Q464 700 468 730L300 730Q304 700 298 640Z" ${o(c)}/>
<path d="M330 500Q384 540 438 500" fill="none" stroke="${outlineOf(c)}" stroke-width="5"/>
<path d="M352 520L348 590M416 520L420 590" stroke="#f8fafc" stroke-width="5" stroke-linecap="round"/>
<path d="M330 650H438L428 712H340Z" ${o(shade(c, -0.12))}/>
<path d="M306 726H462L470 808H392L384 770L376 808H298Z" ${o('#3b82f6')}/>`;
    case 'kimono': {
      const obi = mix(c, '#fbbf24', 0.7);
      return `<path d="M304 506Q384 484 464 506L474 970L294 970Z" ${o(c)}/>
<path d="M348 506L420 660M420 506L384 580" stroke="#f8fafc" stroke-width="10"/>
<rect x="312" y="620" width="144" height="58" ${o(obi)}/><path d="M384 636l18 12-18 12-18-12z" fill="${shade(obi, -0.3)}"/>
${[0, 1, 2, 3, 4].map((i) => `<circle cx="${324 + i * 32}" cy="${760 + (i % 2) * 70}" r="12" fill="${shade(c, 0.55)}" opacity="0.85"/>`).join('')}`;
    }
    case 'dress':
      return `<path d="${TORSO}" ${o(c)}/>
<path d="M328 694L440 694L534 878Q384 912 234 878Z" ${o(c)}/>
<path d="M236 878Q260 900 284 884Q310 906 336 888Q360 908 384 890Q408 908 432 888Q458 906 484 884Q508 900 532 878" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round"/>
<path d="M328 696H440" stroke="${shade(c, 0.5)}" stroke-width="10"/><circle cx="384" cy="696" r="12" fill="${shade(c, 0.6)}" stroke="${outlineOf(c)}" stroke-width="3"/>`;
    case 'armor': {
      const steel = '#cbd5e1';
      return `<path d="${TORSO}" ${o(steel)}/>
<path d="M340 530Q384 516 428 530L420 620Q384 640 348 620Z" fill="#f1f5f9" opacity="0.7"/>
<path d="M328 694L440 694L470 820H298Z" ${o(c)}/>
${[0, 1, 2].map((i) => `<path d="M${318 + i * 44} 700v110" stroke="${outlineOf(c)}" stroke-width="4"/>`).join('')}
<circle cx="300" cy="512" r="34" ${o(steel)}/><circle cx="468" cy="512" r="34" ${o(steel)}/>
<path d="M384 540v60M360 566h48" stroke="${c}" stroke-width="9" stroke-linecap="round"/>`;
    }
    case 'witch': {
      const robe = '#3b0764';
      return `<path d="${TORSO}" ${o(robe)}/>
<path d="M328 694L440 694L520 872Q384 898 248 872Z" ${o(robe)}/>
<path d="M256 866Q384 890 512 866" fill="none" stroke="${c}" stroke-width="10"/>
<path d="M328 700H440" stroke="${c}" stroke-width="12"/>
<path d="M384 520l10 20 22 3-16 15 4 22-20-10-20 10 4-22-16-15 22-3z" fill="#fde68a" stroke="#b45309" stroke-width="2"/>`;
    }
  }
}

export function drawSeat(s: Skeleton): string {
  if (!s.seated) return '';
  if (s.crossLegged) return '<ellipse cx="384" cy="900" rx="230" ry="44" fill="#a78bfa" stroke="#4c1d95" stroke-width="5"/><ellipse cx="384" cy="890" rx="200" ry="30" fill="#c4b5fd"/>';
  return '<rect x="214" y="772" width="340" height="56" rx="20" fill="#f59e0b" stroke="#78350f" stroke-width="5"/><rect x="236" y="828" width="20" height="120" fill="#78350f"/><rect x="512" y="828" width="20" height="120" fill="#78350f"/>';
}
