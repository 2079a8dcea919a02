/** The help articles in this language (packages/core/help/<slug>/ja.md), by path: one lazily loaded chunk. */
export default import.meta.glob<string>('../../../../../../../packages/core/help/*/ja.md', { query: '?raw', import: 'default', eager: true });
