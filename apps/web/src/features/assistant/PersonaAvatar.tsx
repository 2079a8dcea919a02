import type { PersonaKey } from '@yumi/core';
import type { ReactNode } from 'react';

/**
 * Seven drawings of Yumi, one per personality (head and shoulders, 100x100): each has her own hair, eyes,
 * mouth, accessories and clothes, so the personality reads at 34 px. Inline SVG: no request, no script.
 */
const SKIN = '#ffe4d6';
const SKIN_SHADE = '#f8c9b4';
const LINE = '#3b2432';

interface Look {
  bg: [string, string];
  backHair: ReactNode;
  outfit: ReactNode;
  frontHair: ReactNode;
  eyes: ReactNode;
  brows?: ReactNode;
  mouth: ReactNode;
  extras?: ReactNode;
  blush?: boolean;
}

const face = 'M28 48C28 30 38 22 50 22s22 8 22 26c0 15-10 26-22 28-12-2-22-13-22-28z';
/** Shoulders in the outfit's colour; each look adds its collar and details. */
const shoulders = (fill: string) => <path d="M16 100c2-15 16-22 34-22s32 7 34 22z" fill={fill} />;

/** A round anime eye: white, iris, pupil, highlights and a lash line. */
function Eye({ x, y = 52, iris, rx = 4.6, ry = 6, look = 0, lash = true }: { x: number; y?: number; iris: string; rx?: number; ry?: number; look?: number; lash?: boolean }) {
  return (
    <g>
      <ellipse cx={x} cy={y} rx={rx + 0.8} ry={ry + 0.6} fill="#fff" />
      <ellipse cx={x + look} cy={y + 0.6} rx={rx} ry={ry} fill={iris} />
      <ellipse cx={x + look} cy={y + 1.4} rx={rx * 0.5} ry={ry * 0.55} fill="#1e1b2e" />
      <circle cx={x + look - rx * 0.4} cy={y - ry * 0.35} r={rx * 0.38} fill="#fff" />
      <circle cx={x + look + rx * 0.35} cy={y + ry * 0.45} r={rx * 0.18} fill="#fff" />
      {lash && <path d={`M${x - rx - 1.6} ${y - ry + 0.6}Q${x} ${y - ry - 2.6} ${x + rx + 1.6} ${y - ry + 0.6}`} stroke={LINE} strokeWidth="1.8" fill="none" strokeLinecap="round" />}
    </g>
  );
}

const pair = (render: (x: number, side: -1 | 1) => ReactNode) => (
  <>
    {render(40, -1)}
    {render(60, 1)}
  </>
);

const LOOKS: Record<PersonaKey, Look> = {
  // Anime fan: long violet hair, cat-ear headphones, big round glasses, starry eyes, excited open mouth.
  otaku: {
    bg: ['#a855f7', '#ec4899'],
    backHair: <path d="M23 52C21 28 34 15 50 15s29 13 27 37l4 48H19z" fill="#7e22ce" />,
    outfit: (
      <>
        {shoulders('#312e81')}
        <path d="M40 79l10 12 10-12" stroke="#f9a8d4" strokeWidth="2.5" fill="none" />
      </>
    ),
    frontHair: <path d="M27 47c0-18 10-28 23-28s23 10 23 28l-5-7-5 5-5-7-4 5-4-6-4 6-4-5-5 7-5-5z" fill="#a855f7" />,
    eyes: pair((x) => (
      <g>
        <Eye x={x} iris="#7c3aed" />
        <path d={`M${x} ${49.5}l1 2.2 2.3.3-1.7 1.6.4 2.3-2-1.1-2 1.1.4-2.3-1.7-1.6 2.3-.3z`} fill="#fde68a" />
      </g>
    )),
    mouth: <path d="M45 63.5q5 7 10 0z" fill="#be123c" />,
    extras: (
      <>
        <circle cx="40" cy="52.5" r="7.6" fill="rgba(255,255,255,0.12)" stroke="#1e1b4b" strokeWidth="1.8" />
        <circle cx="60" cy="52.5" r="7.6" fill="rgba(255,255,255,0.12)" stroke="#1e1b4b" strokeWidth="1.8" />
        <path d="M47.6 52h4.8" stroke="#1e1b4b" strokeWidth="1.8" />
        <path d="M22 46C22 20 78 20 78 46" stroke="#1e1b4b" strokeWidth="4" fill="none" />
        <path d="M29 26l-1-10 8 6zM71 26l1-10-8 6z" fill="#1e1b4b" />
        <path d="M30 24l-.4-4.6 3.6 2.8zM70 24l.4-4.6-3.6 2.8z" fill="#f9a8d4" />
        <rect x="17" y="41" width="9" height="15" rx="4" fill="#1e1b4b" />
        <rect x="74" y="41" width="9" height="15" rx="4" fill="#1e1b4b" />
        <rect x="19" y="44" width="4" height="9" rx="2" fill="#f472b6" />
        <rect x="77" y="44" width="4" height="9" rx="2" fill="#f472b6" />
      </>
    ),
    blush: true,
  },
  // Tsundere: red twin tails with black ribbons, frowning brows, a sideways glance, pout and a fang.
  tsundere: {
    bg: ['#f43f5e', '#fb923c'],
    backHair: (
      <>
        <path d="M27 36C10 42 6 70 12 96c6-12 12-30 19-44z" fill="#dc2626" />
        <path d="M73 36c17 6 21 34 15 60-6-12-12-30-19-44z" fill="#dc2626" />
        <path d="M26 50c-1-22 10-33 24-33s25 11 24 33l-2 18H28z" fill="#b91c1c" />
      </>
    ),
    outfit: (
      <>
        {shoulders('#1f2937')}
        <path d="M42 79l8 9 8-9z" fill="#fff" />
        <path d="M47 84h6l-3 9z" fill="#dc2626" />
      </>
    ),
    frontHair: <path d="M27 48c0-19 10-29 23-29 14 0 23 10 23 29-4-9-10-14-16-15l-3 7-3-8c-6 1-11 4-14 10l-2-6c-4 3-6 7-8 12z" fill="#ef4444" />,
    brows: <path d="M33 43.5l10 3M67 43.5l-10 3" stroke={LINE} strokeWidth="2" strokeLinecap="round" />,
    eyes: pair((x) => <Eye x={x} iris="#b91c1c" ry={5.2} look={1.6} />),
    mouth: (
      <>
        <path d="M45.5 66q2.2-2.4 4.5 0 2.3-2.4 4.5 0" stroke={LINE} strokeWidth="1.5" fill="none" strokeLinecap="round" />
        <path d="M51.5 66.2l1 2 1-2z" fill="#fff" />
      </>
    ),
    extras: (
      <>
        <path d="M22 30l-7-6v13zM31 30l7-6v13z" fill="#111827" transform="translate(-1 2)" />
        <circle cx="26" cy="32" r="2.6" fill="#111827" />
        <path d="M69 30l-7-6v13zM78 30l7-6v13z" fill="#111827" transform="translate(1 2)" />
        <circle cx="74" cy="32" r="2.6" fill="#111827" />
        <path d="M33 60l2-3M36 61l2-3M64 61l2-3M67 60l2-3" stroke="#f43f5e" strokeWidth="1.2" strokeLinecap="round" />
      </>
    ),
  },
  // Teacher: navy hair in a bun, rectangular glasses, calm eyes, gentle smile, blouse and cardigan.
  teacher: {
    bg: ['#0ea5e9', '#6366f1'],
    backHair: (
      <>
        <circle cx="50" cy="15" r="9" fill="#1e3a8a" />
        <path d="M26 52c-2-22 10-34 24-34s26 12 24 34l-2 10H28z" fill="#1e3a8a" />
      </>
    ),
    outfit: (
      <>
        {shoulders('#1d4ed8')}
        <path d="M38 79l12 21 12-21z" fill="#f8fafc" />
        <path d="M41 79l9 8 9-8" stroke="#cbd5e1" strokeWidth="1.4" fill="none" />
        <circle cx="50" cy="92" r="2.4" fill="#fbbf24" />
      </>
    ),
    frontHair: <path d="M27 49c0-19 10-29 23-29s23 10 23 29c-5-11-12-18-20-19l-3 5-3-5c-8 1-15 8-20 19z" fill="#2547a8" />,
    eyes: pair((x) => <Eye x={x} iris="#1d4ed8" ry={5} />),
    brows: <path d="M34 44q6-2.4 11 0M55 44q5-2.4 11 0" stroke={LINE} strokeWidth="1.4" fill="none" strokeLinecap="round" />,
    mouth: <path d="M45 65q5 3.6 10 0" stroke={LINE} strokeWidth="1.6" fill="none" strokeLinecap="round" />,
    extras: (
      <>
        <rect x="32.5" y="46.5" width="15" height="11" rx="2.2" fill="rgba(255,255,255,0.14)" stroke="#0f172a" strokeWidth="1.6" />
        <rect x="52.5" y="46.5" width="15" height="11" rx="2.2" fill="rgba(255,255,255,0.14)" stroke="#0f172a" strokeWidth="1.6" />
        <path d="M47.5 51h5M32.5 50l-4-1.5M67.5 50l4-1.5" stroke="#0f172a" strokeWidth="1.6" />
        <path d="M76 20l8 14" stroke="#facc15" strokeWidth="2.6" strokeLinecap="round" />
        <path d="M83.2 32.6l1.4 2.8-3-1.2z" fill={LINE} />
      </>
    ),
  },
  // Little sister: short pink hair, a big red bow, an ahoge, huge eyes and a small round mouth.
  imouto: {
    bg: ['#f472b6', '#fda4af'],
    backHair: <path d="M25 54c-2-23 10-36 25-36s27 13 25 36l-3 14H28z" fill="#ec4899" />,
    outfit: (
      <>
        {shoulders('#fbcfe8')}
        <path d="M30 84q5 4 10 0 5 4 10 0 5 4 10 0 5 4 10 0" stroke="#fff" strokeWidth="2.4" fill="none" />
      </>
    ),
    frontHair: <path d="M27 46c0-18 10-27 23-27s23 9 23 27l-4-5-4 4-3-6-5 5-3-6-4 5-4-5-3 6-4-4-3 5z" fill="#f472b6" />,
    eyes: pair((x) => <Eye x={x} iris="#db2777" rx={5.2} ry={7.2} />),
    mouth: <ellipse cx="50" cy="66" rx="2" ry="2.4" fill="#be123c" />,
    extras: (
      <>
        <path d="M50 20c2-8 8-10 10-6" stroke="#ec4899" strokeWidth="2.4" fill="none" strokeLinecap="round" />
        <path d="M50 24L36 16v16zM50 24l14-8v16z" fill="#e11d48" />
        <circle cx="50" cy="24" r="3.6" fill="#be123c" />
      </>
    ),
    blush: true,
  },
  // Classmate: brown side ponytail, a yellow hair clip, sailor collar with a red scarf, open smile.
  classmate: {
    bg: ['#22c55e', '#14b8a6'],
    backHair: (
      <>
        <path d="M68 28c18 4 22 32 14 58-3-16-6-34-16-44z" fill="#78350f" />
        <path d="M26 52c-2-22 10-34 24-34s26 12 24 34l-2 12H28z" fill="#78350f" />
      </>
    ),
    outfit: (
      <>
        {shoulders('#f8fafc')}
        <path d="M22 88l12-9 16 14 16-14 12 9-8 12H30z" fill="#1e3a8a" />
        <path d="M26 89l9-6.5 15 13 15-13 9 6.5" stroke="#fff" strokeWidth="1.2" fill="none" />
        <path d="M44 90h12l-6 9z" fill="#dc2626" />
      </>
    ),
    frontHair: <path d="M27 48c0-19 10-29 23-29s23 10 23 29c-3-8-8-13-13-14l-4 6-2-7c-9 0-17 5-22 15z" fill="#92400e" />,
    eyes: pair((x) => <Eye x={x} iris="#15803d" ry={5.6} />),
    mouth: <path d="M44.5 63.5q5.5 6.5 11 0z" fill="#9f1239" />,
    extras: <rect x="30" y="33" width="10" height="3.2" rx="1.6" fill="#facc15" transform="rotate(-28 35 34.6)" />,
    blush: true,
  },
  // Kuudere: silver-blue hime cut, half-closed eyes, a flat mouth, a snowflake pin, dark turtleneck.
  kuudere: {
    bg: ['#64748b', '#38bdf8'],
    backHair: <path d="M25 54c-2-24 10-36 25-36s27 12 25 36l1 26H24z" fill="#94a3b8" />,
    outfit: (
      <>
        {shoulders('#1e293b')}
        <rect x="41" y="73" width="18" height="10" rx="4" fill="#334155" />
      </>
    ),
    frontHair: (
      <>
        <path d="M27 46c0-17 10-27 23-27s23 10 23 27H27z" fill="#cbd5e1" />
        <path d="M27 44h7v32h-7zM66 44h7v32h-7z" fill="#cbd5e1" />
      </>
    ),
    eyes: pair((x) => (
      <g>
        <Eye x={x} iris="#0284c7" ry={5.4} lash={false} />
        <path d={`M${x - 6.6} 42h13.2v9.6h-13.2z`} fill={SKIN} />
        <path d={`M${x - 6.2} 51.6h12.4`} stroke={LINE} strokeWidth="1.8" strokeLinecap="round" />
      </g>
    )),
    mouth: <path d="M47.5 66h5" stroke={LINE} strokeWidth="1.4" strokeLinecap="round" />,
    extras: <path d="M64 29v8M60 33h8M61.2 30.2l5.6 5.6M66.8 30.2l-5.6 5.6" stroke="#e0f2fe" strokeWidth="1.4" strokeLinecap="round" />,
  },
  // Genki: spiky orange hair with a high side tail, a star pin, closed happy eyes, a big grin and a plaster.
  genki: {
    bg: ['#f59e0b', '#ef4444'],
    backHair: (
      <>
        <path d="M30 24C16 16 8 26 10 40c6-6 12-8 20-6z" fill="#ea580c" />
        <path d="M26 52c-2-22 10-34 24-34s26 12 24 34l-2 8H28z" fill="#ea580c" />
      </>
    ),
    outfit: (
      <>
        {shoulders('#dc2626')}
        <path d="M24 90l8-10M76 90l-8-10" stroke="#fff" strokeWidth="3" />
        <path d="M42 79l8 7 8-7" stroke="#fff" strokeWidth="2.4" fill="none" />
      </>
    ),
    frontHair: <path d="M27 47l1-14 6 5 2-14 7 9 7-13 6 12 7-8 1 12 6-3c2 4 3 9 3 14-4-6-9-9-14-10l-3 4-3-5-4 4-3-4-5 4-3-3c-5 2-9 6-11 10z" fill="#fb923c" />,
    eyes: pair((x) => <path d={`M${x - 5.5} 54q5.5-7 11 0`} stroke={LINE} strokeWidth="2.4" fill="none" strokeLinecap="round" />),
    mouth: (
      <>
        <path d="M42 62q8 12 16 0z" fill="#9f1239" />
        <path d="M42.6 62.6h14.8l-1.2 2H43.8z" fill="#fff" />
      </>
    ),
    extras: (
      <>
        <path d="M66 26l1.8 3.8 4.2.6-3 2.9.7 4.1-3.7-2-3.7 2 .7-4.1-3-2.9 4.2-.6z" fill="#fde047" stroke="#ca8a04" strokeWidth="0.6" />
        <rect x="60" y="58" width="8" height="4" rx="1.4" fill="#fde7c7" stroke="#e7b98f" strokeWidth="0.6" transform="rotate(-18 64 60)" />
      </>
    ),
    blush: true,
  },
};

/** Yumi as the chosen personality: her own drawing on her own colours. */
export function PersonaAvatar({ persona, size }: { persona: PersonaKey; size: number }) {
  const look = LOOKS[persona];
  const [a, b] = look.bg;
  return (
    <span className="persona-avatar" data-persona={persona} style={{ width: size, height: size, background: `linear-gradient(135deg, ${a}, ${b})` }} aria-hidden="true">
      <svg viewBox="0 0 100 100" width={size} height={size} focusable="false">
        {look.backHair}
        {look.outfit}
        <path d="M44 68h12v13c-2 2-10 2-12 0z" fill={SKIN_SHADE} />
        <path d={face} fill={SKIN} />
        {look.blush && (
          <>
            <ellipse cx="35" cy="61" rx="5" ry="2.6" fill="#fb7185" opacity="0.45" />
            <ellipse cx="65" cy="61" rx="5" ry="2.6" fill="#fb7185" opacity="0.45" />
          </>
        )}
        {look.eyes}
        {look.brows}
        {look.mouth}
        {look.frontHair}
        {look.extras}
      </svg>
    </span>
  );
}
