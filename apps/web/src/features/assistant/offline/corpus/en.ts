/** The help articles in this language (packages/core/help/<slug>/en.md), by path: one lazily loaded chunk. */
export default import.meta.glob<string>('../../../../../../../packages/core/help/*/en.md', { query: '?raw', import: 'default', eager: true });
