/** The help articles in this language (packages/core/help/<slug>/zh.md), by path: one lazily loaded chunk. */
export default import.meta.glob<string>('../../../../../../../packages/core/help/*/zh.md', { query: '?raw', import: 'default', eager: true });
