// citation-js ships no TypeScript types; these are the parts Yumi Studio uses.
declare module '@citation-js/core' {
  export class Cite {
    constructor(data?: unknown, options?: Record<string, unknown>);
    data: Array<Record<string, unknown>>;
    format(format: string, options?: Record<string, unknown>): string;
  }
  export const plugins: {
    config: { get(name: string): { styles: { add(name: string, xml: string): void; has(name: string): boolean } } };
  };
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
