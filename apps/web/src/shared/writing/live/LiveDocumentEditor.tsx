import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { DocumentAutosave } from '../useDocumentAutosave';
import { LiveEditor, type LiveEditorApi } from './LiveEditor';
import type { LiveText } from './useLiveText';

interface Props {
  docs: DocumentAutosave;
  live: LiveText;
  readOnly: boolean;
  label: string;
  placeholder: string;
  className?: string;
  onSelectionChange?(s: { start: number; end: number }): void;
}

/**
 * A shared document's editor wired to its autosave: the shared text is shown and counted as the document's
 * text, and a tool's change of the text (docs.edit) goes into the shared text instead of a save.
 */
export const LiveDocumentEditor = forwardRef<LiveEditorApi, Props>(function LiveDocumentEditor({ docs, live, ...props }, ref) {
  const api = useRef<LiveEditorApi>(null);
  useImperativeHandle(ref, () => api.current!, []);
  const { liveWriter, live: showLive } = docs;
  useEffect(() => {
    liveWriter.current = (content) => void api.current?.setText(content);
    return () => {
      liveWriter.current = null;
    };
  }, [liveWriter]);
  return <LiveEditor ref={api} live={live} onText={showLive} {...props} />;
});
