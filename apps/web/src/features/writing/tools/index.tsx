import { lazy, Suspense } from 'react';
import type { ToolDef } from '../../../shared/writing';
import { AnimeCollabTool } from './AnimeCollabTool';
import { ContinueTool } from './ContinueTool';
import { GalgameTool } from './GalgameTool';
import { InstructionsTool } from './InstructionsTool';
import { NovelTool } from './NovelTool';
import { SocialTool } from './SocialTool';
import { TestWritingTool } from './TestWritingTool';
import { TrendingTool } from './TrendingTool';
import { VersionsTool } from './VersionsTool';

// The upload tool pulls in the PDF and DOCX readers; they load only when it opens.
const UploadTool = lazy(() => import('./UploadTool'));

export const TOOL_CATEGORIES = [
  { id: 'social', color: '#38bdf8' },
  { id: 'ai', color: '#c084fc' },
  { id: 'collaboration', color: '#f472b6' },
  { id: 'tools', color: '#34d399' },
] as const;
const color = (c: (typeof TOOL_CATEGORIES)[number]['id']) => TOOL_CATEGORIES.find((x) => x.id === c)!.color;

/** The ten tools of the Writing Helper (first document §2), in the prototype's order. */
export const TOOLS: Array<Omit<ToolDef, 'label' | 'icon'>> = [
  { id: 'social', category: 'social', color: color('social') },
  { id: 'trending', category: 'social', color: color('social') },
  { id: 'ai-continue', category: 'ai', color: color('ai') },
  { id: 'instructions', category: 'ai', color: color('ai') },
  { id: 'generate-versions', category: 'ai', color: color('ai') },
  { id: 'anime-collab', category: 'collaboration', color: color('collaboration') },
  { id: 'galgame-blog', category: 'collaboration', color: color('collaboration') },
  { id: 'novel-writing', category: 'collaboration', color: color('collaboration') },
  { id: 'test-writing', category: 'tools', color: color('tools') },
  { id: 'upload', category: 'tools', color: color('tools') },
];

export function ToolPanel({ id }: { id: string }) {
  switch (id) {
    case 'social':
      return <SocialTool />;
    case 'trending':
      return <TrendingTool />;
    case 'ai-continue':
      return <ContinueTool />;
    case 'instructions':
      return <InstructionsTool />;
    case 'generate-versions':
      return <VersionsTool />;
    case 'anime-collab':
      return <AnimeCollabTool />;
    case 'galgame-blog':
      return <GalgameTool />;
    case 'novel-writing':
      return <NovelTool />;
    case 'test-writing':
      return <TestWritingTool />;
    case 'upload':
      return (
        <Suspense fallback={<div className="spinner" />}>
          <UploadTool />
        </Suspense>
      );
    default:
      return null;
  }
}
