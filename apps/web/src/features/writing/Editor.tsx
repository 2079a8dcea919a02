import { MAX_DOCUMENT_CHARS } from '@yumi/core';
import { forwardRef, useImperativeHandle, useRef, type ClipboardEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/ui/toast';
import type { EditorApi } from './context';

/**
 * The large text editor. Programmatic edits go through the browser's insertText command so Ctrl+Z
 * undoes tool changes too; a paste or drop that would pass the document cap is refused with a message.
 */
export const Editor = forwardRef<EditorApi, { value: string; onChange(v: string): void; onSelectionChange?(s: { start: number; end: number }): void; placeholder: string; label: string; readOnly?: boolean }>(function Editor(
  { value, onChange, onSelectionChange, placeholder, label, readOnly },
  ref,
) {
  const { t } = useTranslation('writing');
  const el = useRef<HTMLTextAreaElement>(null);
  const valueRef = useRef(value);
  valueRef.current = value;
  const selection = useRef({ start: value.length, end: value.length });

  const tooLarge = () => toast('error', t('editor.tooLarge', { max: MAX_DOCUMENT_CHARS.toLocaleString() }));

  const apply = (start: number, end: number, text: string): boolean => {
    const current = valueRef.current;
    if (current.length - (end - start) + text.length > MAX_DOCUMENT_CHARS) {
      tooLarge();
      return false;
    }
    const area = el.current;
    let done = false;
    if (area && !readOnly) {
      area.focus();
      area.setSelectionRange(start, end);
      done = document.execCommand('insertText', false, text);
    }
    if (!done || area?.value !== current.slice(0, start) + text + current.slice(end)) {
      onChange(current.slice(0, start) + text + current.slice(end));
    }
    selection.current = { start: start + text.length, end: start + text.length };
    return true;
  };

  useImperativeHandle(ref, () => ({
    getText: () => valueRef.current,
    getSelection: () => ({ ...selection.current }),
    selectedText: () => valueRef.current.slice(selection.current.start, selection.current.end),
    setText: (text) => apply(0, valueRef.current.length, text),
    replaceRange: (start, end, text) => apply(start, end, text),
    insertAtCursor: (text) => apply(selection.current.start, selection.current.end, text),
    focus: () => el.current?.focus(),
  }));

  const track = () => {
    const a = el.current;
    if (!a) return;
    const prev = selection.current;
    selection.current = { start: a.selectionStart, end: a.selectionEnd };
    if (prev.start !== a.selectionStart || prev.end !== a.selectionEnd) onSelectionChange?.(selection.current);
  };

  const guardInsert = (incoming: string, e: ClipboardEvent | DragEvent) => {
    const a = el.current!;
    if (a.value.length - (a.selectionEnd - a.selectionStart) + incoming.length > MAX_DOCUMENT_CHARS) {
      e.preventDefault();
      tooLarge();
    }
  };

  return (
    <textarea
      ref={el}
      className="editor"
      data-testid="editor"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      readOnly={readOnly}
      spellCheck
      onChange={(e) => {
        if (e.target.value.length > MAX_DOCUMENT_CHARS) return tooLarge();
        onChange(e.target.value);
        track();
      }}
      onSelect={track}
      onKeyUp={track}
      onMouseUp={track}
      onPaste={(e) => guardInsert(e.clipboardData.getData('text/plain'), e)}
      onDrop={(e) => guardInsert(e.dataTransfer.getData('text/plain'), e)}
    />
  );
});
