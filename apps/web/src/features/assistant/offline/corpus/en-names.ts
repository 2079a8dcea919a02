/** The English title and keywords of every article (packages/core/help/<slug>/en.md), without the bodies (helpNames in frontMatterPlugin.ts). */
export default import.meta.glob<{ title: string; keywords: string[] }>('../../../../../../../packages/core/help/*/en.md', {
  query: '?help-names',
  import: 'default',
  eager: true,
});
