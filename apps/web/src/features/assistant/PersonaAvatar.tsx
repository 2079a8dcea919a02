import { MASCOT_IMAGE_URL, type PersonaKey } from '@yumi/core';

/** Each persona's colour, so the avatar changes with the personality at a glance. */
const HUES: Record<PersonaKey, [string, string]> = {
  otaku: ['#a855f7', '#ec4899'],
  tsundere: ['#f43f5e', '#fb923c'],
  teacher: ['#0ea5e9', '#6366f1'],
  imouto: ['#f472b6', '#fda4af'],
  classmate: ['#22c55e', '#14b8a6'],
  kuudere: ['#64748b', '#38bdf8'],
  genki: ['#f59e0b', '#ef4444'],
};

/** Yumi's face on the persona's colours (the mascot is an SVG file, so this costs no script). */
export function PersonaAvatar({ persona, size }: { persona: PersonaKey; size: number }) {
  const [a, b] = HUES[persona];
  return (
    <span className="persona-avatar" style={{ width: size, height: size, background: `linear-gradient(135deg, ${a}, ${b})` }} aria-hidden="true">
      <img src={MASCOT_IMAGE_URL} alt="" draggable={false} />
    </span>
  );
}
