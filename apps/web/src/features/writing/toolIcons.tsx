import type { ReactNode } from 'react';
import {
  BookOpen,
  ClipboardCheck,
  Gamepad2,
  GitCompare,
  ListChecks,
  Megaphone,
  Palette,
  Sparkles,
  TrendingUp,
  Upload,
} from 'lucide-react';
import { toolIcon as icon } from '../../shared/ui/icons';

/** The ten Writing tools' icons, from the product's one icon set (lucide). */
export const TOOL_ICONS: Record<string, ReactNode> = {
  social: icon(Megaphone),
  trending: icon(TrendingUp),
  'ai-continue': icon(Sparkles),
  instructions: icon(ListChecks),
  'generate-versions': icon(GitCompare),
  'anime-collab': icon(Palette),
  'galgame-blog': icon(Gamepad2),
  'novel-writing': icon(BookOpen),
  'test-writing': icon(ClipboardCheck),
  upload: icon(Upload),
};
