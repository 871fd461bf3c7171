// The card of a bulk entry: a text area to paste lines into, an "Upload CSV" button that fills the same
// preview from a file, the preview table marking each line (new, already there, or its problem), and a
// Save button that says how many will be added and stays disabled while any line has a problem. The
// preview's rules load apart (pasted-lines.ts): at a press or focus in the card, or with the first paste.
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/text-field.tsx';
import type { PastedText, Preview, PreviewRow } from './bulk-preview.ts';
import { NOTHING_PASTED, preloadPreviewRules } from './pasted-lines.ts';
import './bulk-entry.css';

const counted = (n: number, [one, many]: readonly [string, string]) => `${n} ${n === 1 ? one : many}`;

function checkText(row: PreviewRow) {
  if (row.check.kind === 'problem') return row.check.problem;
  return row.check.kind === 'there' ? 'Already there' : 'New';
}

function PreviewTable({ caption, preview }: { caption: string; preview: Preview<unknown> }) {
  return (
    // Scrolls on its own when long: focusable, so a keyboard scrolls it too.
    <div className="bulk-preview" role="region" aria-label={caption} tabIndex={0}>
      <table className="bulk-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Reads as</th>
            <th scope="col">Check</th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.lineNumber} className={`bulk-row is-${row.check.kind}`}>
              <td className="bulk-line">{row.lineNumber}</td>
              <td className="bulk-reads">
                <span className="bulk-title">{row.title}</span>
                {row.detail && <span className="bulk-detail">{row.detail}</span>}
              </td>
              <td className="bulk-check">{checkText(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface BulkPastePanelProps {
  title: string;
  /** The text area's label, e.g. 'Teams, one a line'. */
  label: string;
  placeholder: string;
  hint: ReactNode;
  /** What is added, one and many: ['team', 'teams']. */
  noun: readonly [string, string];
  pasted: PastedText;
  onPaste: (pasted: PastedText) => void;
  /** Null while what the tournament has, or the preview's rules, are still loading. */
  preview: Preview<unknown> | null;
  busy: boolean;
  /** The server's refusal. */
  error: string | null;
  onSave: () => void;
  /** Fields above the text area (the tournament, a switch). */
  children?: ReactNode;
}

export function BulkPastePanel({ title, label, placeholder, hint, noun, pasted, onPaste, preview, busy, error, onSave, children }: BulkPastePanelProps) {
  const id = useId();
  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after an edit.
    event.target.value = '';
    if (file) onPaste({ text: await file.text(), csvName: file.name });
  };
  const toAdd = preview?.toAdd.length ?? 0;
  const blocked = !preview || toAdd === 0 || preview.problems > 0;
  return (
    <section className="card form bulk-paste" aria-labelledby={`${id}-title`} onPointerDown={preloadPreviewRules} onFocus={preloadPreviewRules}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <div className="field">
        <label className="field-label" htmlFor={`${id}-text`}>
          {label}
        </label>
        <textarea
          id={`${id}-text`}
          className="field-input bulk-textarea"
          rows={5}
          value={pasted.text}
          placeholder={placeholder}
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          // Emptied, the box takes pasted lines again rather than CSV.
          onChange={(e) => onPaste({ text: e.target.value, csvName: e.target.value.trim() === '' ? null : pasted.csvName })}
        />
        <p className="field-hint" id={`${id}-hint`}>
          {pasted.csvName === null ? hint : `Read as CSV from ${pasted.csvName}.`}
        </p>
      </div>
      <div className="bulk-file-actions">
        <input id={`${id}-file`} className="visually-hidden" type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void chooseFile(e)} />
        <label htmlFor={`${id}-file`} className="btn btn-secondary btn-small">
          Upload CSV
        </label>
        {pasted.text !== '' && (
          <Button variant="secondary" className="btn-small" onClick={() => onPaste(NOTHING_PASTED)}>
            Clear
          </Button>
        )}
      </div>
      {preview && preview.rows.length > 0 && (
        <>
          <p className="bulk-summary" role="status">
            {[
              `${counted(toAdd, noun)} to add`,
              preview.already > 0 && `${preview.already} already there`,
              preview.problems > 0 && `${counted(preview.problems, ['line', 'lines'])} to fix`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <PreviewTable caption={`What the pasted lines add: ${title.toLowerCase()}`} preview={preview} />
        </>
      )}
      <FormError message={error} />
      <Button busy={busy} disabled={blocked} onClick={onSave}>
        {toAdd > 0 ? `Add ${counted(toAdd, noun)}` : `Add ${noun[1]}`}
      </Button>
    </section>
  );
}
