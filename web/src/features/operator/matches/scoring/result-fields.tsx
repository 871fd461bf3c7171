// The fields of a result, as the decision and correction dialogs show them: the choice (a team, a draw where
// one is allowed, a void or an abandoned match), each team's score in the sport's unit, a walkover tick,
// and how a level score was settled. What they hold is checked by result-draft.ts.
import { useId } from 'react';
import type { Team } from '#shared/api.ts';
import { RESULT_NOTE_MAX_LENGTH, SCORE_MAX } from '#shared/match-results.ts';
import { FormError, TextField } from '../../../../components/text-field.tsx';
import { ABANDONED, DRAW, drawAllowed, noteWanted, type ResultDraft, type ResultMatch, scoreWanted, VOID, withChoice, withWalkover } from './result-draft.ts';

export interface ResultFieldsProps {
  teams: readonly Team[];
  match: ResultMatch;
  draft: ResultDraft;
  onChange: (draft: ResultDraft) => void;
  /** Which choices: the teams (and a draw), the void kinds, or all of them (a correction). */
  offer: 'result' | 'void' | 'all';
  /** The legend over the choices. */
  legend: string;
  /** A team's choice as it reads ('Tapti', or 'Tapti won' among voids). */
  teamLabel: (team: Team) => string;
  /** The choice recorded now (a correction marks it). */
  recorded?: string;
  /** Why the draft would be refused: shown under the fields. */
  problem?: string;
}

const VOID_LABEL = 'Void the match (refund every stake)';
const ABANDONED_LABEL = 'Abandoned (not finished): stakes returned';

export function ResultFields({ teams, match, draft, onChange, offer, legend, teamLabel, recorded, problem }: ResultFieldsProps) {
  const groupId = useId();
  const walkoverId = useId();
  const { rules } = match;
  const choices = [
    ...(offer === 'void' ? [] : teams.map((team) => ({ id: team._id, label: teamLabel(team) }))),
    ...(offer !== 'void' && drawAllowed(match) ? [{ id: DRAW, label: 'Draw' }] : []),
    ...(offer === 'result' ? [] : [{ id: VOID, label: offer === 'void' ? 'Void' : VOID_LABEL }, { id: ABANDONED, label: ABANDONED_LABEL }]),
  ];
  const winner = teams.find((team) => team._id === draft.choice);
  const other = winner && teams.find((team) => team._id !== winner._id);
  const settledHint = rules.sport === 'football' ? 'e.g. 5–4 on penalties' : `e.g. won the ${rules.decider}`;
  return (
    <>
      <fieldset className="operator-choices">
        <legend className="field-label">{legend}</legend>
        {choices.map(({ id, label }) => (
          <label key={id} className="operator-choice">
            <input type="radio" name={groupId} checked={draft.choice === id} onChange={() => onChange(withChoice(draft, id, match))} />
            {label}
            {id === recorded && ' (recorded now)'}
          </label>
        ))}
      </fieldset>
      {scoreWanted(draft, match) && (
        <>
          <div className="operator-pair">
            {teams.map((team, index) => (
              <TextField
                key={team._id}
                label={`${team.teamName} ${rules.scoreUnit}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={SCORE_MAX}
                step={1}
                value={index === 0 ? draft.home : draft.away}
                onChange={(e) => onChange({ ...draft, [index === 0 ? 'home' : 'away']: e.target.value })}
              />
            ))}
          </div>
          <p className="field-hint">The score is optional.</p>
        </>
      )}
      {other && (
        <div className="operator-check">
          <input id={walkoverId} type="checkbox" checked={draft.walkover} onChange={(e) => onChange(withWalkover(draft, e.target.checked, match))} />
          <label htmlFor={walkoverId}>Walkover: {other.teamName} did not turn up</label>
        </div>
      )}
      {noteWanted(draft, match) && (
        <TextField
          label="How was it settled?"
          name="note"
          maxLength={RESULT_NOTE_MAX_LENGTH}
          value={draft.note}
          hint={`Optional, ${settledHint}`}
          onChange={(e) => onChange({ ...draft, note: e.target.value })}
        />
      )}
      <FormError message={problem ?? null} />
    </>
  );
}
