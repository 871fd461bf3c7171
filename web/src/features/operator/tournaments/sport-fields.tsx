// A tournament's sport and, under it, its table's points for a win, a draw and a loss (the sport's usual
// ones until changed). The guided setup takes the sport alone, from its own chunk (setup-page.tsx).
import { DEFAULT_SPORT, POINTS_MAX, type Sport, SPORTS, sportRules } from '#shared/sports.ts';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { pointsProblem, type SavedSport, shownPoints, type SportDraft } from './sport-draft.ts';

export function SportSelect({ value, onChange }: { value: Sport | undefined; onChange: (sport: Sport) => void }) {
  return (
    <SelectField
      label="Sport"
      name="sport"
      value={sportRules(value).sport}
      onChange={(e) => onChange(SPORTS.find((sport) => sport === e.target.value) ?? DEFAULT_SPORT)}
      hint="It names the score and says whether a match can end in a draw."
    >
      {SPORTS.map((sport) => (
        <option key={sport} value={sport}>
          {sportRules(sport).label}
        </option>
      ))}
    </SelectField>
  );
}

const OUTCOMES = [
  ['win', 'Win'],
  ['draw', 'Draw'],
  ['loss', 'Loss'],
] as const;

/** The sport, and the table's points; another sport brings its usual points. */
export function SportFields<D extends SportDraft>({ draft, saved, onChange }: { draft: D; saved?: SavedSport; onChange: (draft: D) => void }) {
  const points = shownPoints(draft, saved);
  const problem = pointsProblem(draft, saved);
  return (
    <>
      <SportSelect value={draft.sport} onChange={(sport) => onChange({ ...draft, sport, points: null })} />
      <fieldset className="operator-points">
        <legend className="field-label">Points for a win / draw / loss</legend>
        <div className="operator-points-row">
          {OUTCOMES.map(([outcome, label]) => (
            <TextField
              key={outcome}
              label={label}
              name={`points-${outcome}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={POINTS_MAX}
              step={1}
              value={points[outcome]}
              onChange={(e) => onChange({ ...draft, points: { ...points, [outcome]: e.target.value } })}
            />
          ))}
        </div>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : (
          <p className="field-hint">For the tables of a league or groups.</p>
        )}
      </fieldset>
    </>
  );
}
