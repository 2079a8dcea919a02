import type { RichText } from '@yumi/core';
import { Fragment, type ReactNode } from 'react';

/** Citation text as citeproc-js styled it: italics, bold, small caps, super/subscript and links. */
export function Rich({ text }: { text: RichText }) {
  return (
    <>
      {text.map((r, i) => {
        let el: ReactNode = r.text;
        if (r.sup) el = <sup>{el}</sup>;
        if (r.sub) el = <sub>{el}</sub>;
        if (r.smallCaps) el = <span style={{ fontVariant: 'small-caps' }}>{el}</span>;
        if (r.bold) el = <b>{el}</b>;
        if (r.italic) el = <i>{el}</i>;
        if (r.href) el = <a href={r.href} target="_blank" rel="noopener noreferrer">{el}</a>;
        return <Fragment key={i}>{el}</Fragment>;
      })}
    </>
  );
}
