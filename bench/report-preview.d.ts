// The web app's Preview component as the preview bench uses it (esbuild aliases the real module).
declare module 'yumi-report-preview' {
  import type { ComponentType } from 'react';
  import type { ReportStructure, RichText } from '@yumi/core';
  export const Preview: ComponentType<{ report: ReportStructure; inText: Map<string, RichText>; bibliography: RichText[]; figureImages: Map<string, string> }>;
}
