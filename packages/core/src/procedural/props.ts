import type { Skeleton } from './body';
import { outlineOf, shade } from './colour';
import type { CharacterTraits } from './traits';

/** The prop held in the right hand (second arm): the long parts behind the hand, the rest in front. */
export function drawProp(s: Skeleton, tr: CharacterTraits, layer: 'back' | 'front'): string {
  if (!tr.prop) return '';
  const [x, y] = s.arms[1].to;
  const o = (fill: string) => `fill="${fill}" stroke="${outlineOf(fill)}" stroke-width="4" stroke-linejoin="round"`;
  switch (tr.prop) {
    case 'sword':
      return layer === 'back'
        ? `<path d="M${x - 7} ${y - 20}L${x - 7} ${y - 250}L${x} ${y - 275}L${x + 7} ${y - 250}L${x + 7} ${y - 20}Z" ${o('#e2e8f0')}/>`
        : `<rect x="${x - 30}" y="${y - 24}" width="60" height="10" rx="4" ${o('#b45309')}/><rect x="${x - 6}" y="${y - 14}" width="12" height="40" ${o('#78350f')}/>`;
    case 'staff':
      return layer === 'back' ? `<path d="M${x} ${y + 120}L${x} ${y - 230}" stroke="#78350f" stroke-width="12" stroke-linecap="round"/><circle cx="${x}" cy="${y - 250}" r="26" ${o('#38bdf8')}/>` : '';
    case 'umbrella':
      return layer === 'back'
        ? `<path d="M${x} ${y}L${x} ${y - 200}" stroke="#334155" stroke-width="8"/><path d="M${x - 150} ${y - 190}Q${x} ${y - 330} ${x + 150} ${y - 190}Q${x + 75} ${y - 215} ${x} ${y - 190}Q${x - 75} ${y - 215} ${x - 150} ${y - 190}Z" ${o(shade(tr.outfitColor, 0.2))}/>`
        : '';
    case 'book':
      return layer === 'front' ? `<rect x="${x - 36}" y="${y - 50}" width="72" height="92" rx="6" ${o('#7c2d12')}/><rect x="${x - 28}" y="${y - 42}" width="8" height="76" fill="#fef3c7"/>` : '';
    case 'cup':
      return layer === 'front' ? `<path d="M${x - 24} ${y - 40}h48l-6 56h-36z" ${o('#ffffff')}/><path d="M${x + 24} ${y - 30}q22 6 0 26" fill="none" stroke="#64748b" stroke-width="5"/>` : '';
  }
}
