/** The help articles in this language (packages/core/help/<slug>/ko.md), by path: one lazily loaded chunk. */
export default import.meta.glob<string>('../../../../../../../packages/core/help/*/ko.md', { query: '?raw', import: 'default', eager: true });
