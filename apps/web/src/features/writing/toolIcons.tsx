import type { ReactNode } from 'react';

/** Line icons of the ten tools (24px grid, currentColor), drawn so they never depend on an emoji font. */
function Svg({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {children}
    </svg>
  );
}

export const TOOL_ICONS: Record<string, ReactNode> = {
  social: (
    <Svg>
      <path d="M4 10v4a1 1 0 0 0 1 1h2l5 4V5L7 9H5a1 1 0 0 0-1 1z" />
      <path d="M16 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
    </Svg>
  ),
  trending: (
    <Svg>
      <path d="M3 17l6-6 4 4 8-8" />
      <path d="M15 7h6v6" />
    </Svg>
  ),
  'ai-continue': (
    <Svg>
      <path d="M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z" />
      <path d="M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
    </Svg>
  ),
  instructions: (
    <Svg>
      <path d="M4 20l10-10M14 10l2-2 2 2-2 2z" />
      <path d="M17 3v2M20 6h2M19.5 3.5l-1 1M8 4v2M7 5h2" />
    </Svg>
  ),
  'generate-versions': (
    <Svg>
      <path d="M6 3v12M6 15a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM18 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6z" />
      <path d="M18 9c0 4-4 4-6 6" />
    </Svg>
  ),
  'anime-collab': (
    <Svg>
      <circle cx="9" cy="9" r="4" />
      <path d="M2 20c1-3.5 4-5 7-5s6 1.5 7 5" />
      <path d="M16 4.5a4 4 0 0 1 0 7.5M19 15c1.5.8 2.5 2.5 3 5" />
    </Svg>
  ),
  'galgame-blog': (
    <Svg>
      <path d="M4 5h16v10H9l-5 4z" />
      <path d="M8 9h8M8 12h5" />
    </Svg>
  ),
  'novel-writing': (
    <Svg>
      <path d="M4 5a2 2 0 0 1 2-2h12v16H6a2 2 0 0 0-2 2z" />
      <path d="M4 19V5M8 7h6M8 10h6" />
    </Svg>
  ),
  'test-writing': (
    <Svg>
      <circle cx="12" cy="13" r="8" />
      <path d="M12 9v4l2.5 2.5M10 2h4M19 5l1.5-1.5" />
    </Svg>
  ),
  upload: (
    <Svg>
      <path d="M21 12.5l-8.5 8.5a5 5 0 0 1-7-7L14 5.5a3.3 3.3 0 0 1 4.7 4.7L10.3 18.6a1.7 1.7 0 0 1-2.4-2.4L15.5 8.6" />
    </Svg>
  ),
};
