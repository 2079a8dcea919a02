// citeproc-js ships no TypeScript types; these are the parts Yumi Studio uses.
declare module 'citeproc' {
  interface Sys {
    retrieveLocale(lang: string): string;
    retrieveItem(id: string): unknown;
  }
  interface CslEngine {
    opt: { development_extensions: Record<string, boolean> };
    setOutputFormat(format: string): void;
    updateItems(ids: string[], nosort?: boolean): void;
    makeCitationCluster(items: Array<{ id: string; locator?: string; label?: string }>): string;
    makeBibliography(): [Record<string, unknown>, string[]] | false;
    /** Citations in document order, each with its note number; answers [citationID, noteIndex, text] in that order. */
    rebuildProcessorState(
      citations: Array<{ citationID: string; citationItems: Array<{ id: string }>; properties: { noteIndex: number } }>,
      mode?: string,
      uncitedItemIDs?: string[],
    ): Array<[string, number, string]>;
  }
  const CSL: {
    Engine: new (sys: Sys, style: string, lang?: string, forceLang?: boolean) => CslEngine;
    Output: { Formats: Record<string, Record<string, unknown>> };
  };
  namespace CSL {
    type Engine = CslEngine;
  }
  export default CSL;
}
