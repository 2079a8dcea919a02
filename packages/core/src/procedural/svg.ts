import { drawBackground, sparkle } from './background';
import { drawArms, drawLegs, drawOutfit, drawSeat, SKELETONS } from './body';
import { createRandom } from '../random';
import { drawBackHair, drawFace, drawFrontHair } from './head';
import type { Age, CharacterTraits } from './traits';
import { drawProp } from './props';

const AGE_SCALE: Record<Age, number> = { child: 0.78, teen: 1, adult: 1.04, elder: 0.97 };

/** The design canvas every character is drawn on; other sizes fit it in and extend the scene sideways. */
export const DESIGN_WIDTH = 768;
export const DESIGN_HEIGHT = 1024;

/** An original parametric anime character as SVG, drawn back to front. */
export function characterSvg(tr: CharacterTraits, width: number, height: number): string {
  const s = SKELETONS[tr.pose];
  const rand = createRandom(tr.detailSeed);
  const fx: string[] = [];
  if (tr.pose === 'energetic_jump') {
    fx.push('<path d="M300 1000q30-20 60 0M410 1000q30-20 60 0" stroke="#ffffff" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.8"/>');
    fx.push('<ellipse cx="384" cy="1000" rx="120" ry="16" fill="#000000" opacity="0.15"/>');
  } else if (!s.seated) {
    fx.push('<ellipse cx="384" cy="996" rx="140" ry="18" fill="#000000" opacity="0.16"/>');
  }
  for (let i = 0; i < 4; i++) fx.push(sparkle(Math.round(120 + rand() * 528), Math.round(80 + rand() * 360), Math.round(8 + rand() * 10), '#ffffff', 0.85));
  const figure = [
    drawProp(s, tr, 'back'),
    drawSeat(s),
    drawBackHair(tr),
    drawLegs(s, tr),
    drawOutfit(s, tr),
    s.armsInFront ? '' : drawArms(s, tr),
    `<g transform="rotate(${s.tilt} 384 470)">${drawFace(tr)}${drawFrontHair(tr)}</g>`,
    s.armsInFront ? drawArms(s, tr) : '',
    drawProp(s, tr, 'front'),
  ].join('');
  // Age changes the proportions: a child is smaller with the same head, an adult a little taller.
  const k = AGE_SCALE[tr.age];
  const ageTransform = k === 1 ? '' : ` translate(384 990) scale(${k}) translate(-384 -990)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${DESIGN_WIDTH} ${DESIGN_HEIGHT}" preserveAspectRatio="xMidYMid meet">
${drawBackground(tr.background, tr.detailSeed, tr.outfitColor)}
${fx.join('')}
<g transform="translate(0 ${s.dy})${ageTransform}">${figure}</g>
</svg>`;
}
