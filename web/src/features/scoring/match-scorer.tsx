// One match's scorer: each team's score in figures readable across a pitch, a big +1 and a smaller −1
// per team (each tap shows at once and goes to the server with its time), then 'End match' → the
// result (the only possible one already chosen) → 'Send result', and the result's wait for the organiser.
import { useEffect, useState } from 'react';
import type { ScorerMatch } from '#shared/api.ts';
import { formatTimeWithZone } from '#shared/format.ts';
import { SCORE_MAX, type Score } from '#shared/match-results.ts';
import { type Sport, scoreUnitLabel, type ScoreUnit, sportRules } from '#shared/sports.ts';
import { Button } from '../../components/button.tsx';
import { FormError, TextField } from '../../components/text-field.tsx';
import { heldEnd, heldScore, type Queue } from './offline-queue.ts';
import { asksWhoWentThrough, choiceLabel, endBodyOf, initialDraft, NOTE_MAX_LENGTH, type ResultDraft, resultChoices } from './result-draft.ts';
import type { ScoreSync, SyncHold } from './score-sync.ts';
import { scoreText, teamsLine, whenLine } from './match-words.ts';
import { heldResultText, pendingLine, resultText } from './result-words.ts';

const NIL: Score = { home: 0, away: 0 };
const SIDES = ['home', 'away'] as const;

export interface MatchScorerProps {
  match: ScorerMatch;
  sport: Sport;
  sync: ScoreSync;
  queue: Queue;
  link: string;
  hold: SyncHold;
  /** Why the server refused this match's last request, if it did. */
  refusal: string | undefined;
  clearRefusal: (matchId: string) => void;
}

/** The time now, again every `everyMs`: the minutes left before a result stands. */
function useNow(everyMs: number) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function MatchHeading({ match }: { match: ScorerMatch }) {
  return (
    <div className="scorer-heading">
      <h2 className="scorer-title">{teamsLine(match)}</h2>
      <p className="scorer-when">{whenLine(match)}</p>
    </div>
  );
}

function ScoreBoard({ match, unit, score, onTap, onEnd, refusal, started }: {
  match: ScorerMatch;
  unit: ScoreUnit;
  score: Score;
  onTap: (side: keyof Score, change: 1 | -1) => void;
  onEnd: () => void;
  refusal: string | undefined;
  started: boolean;
}) {
  const one = scoreUnitLabel(unit, 1);
  const [home, away] = match.teams;
  // The names hold the '1' the buttons show, so a voice-control user can say what they see.
  return (
    <>
      <div className="scorer-board">
        {SIDES.map((side, index) => {
          const team = match.teams[index];
          return (
            <div key={team._id} className="scorer-side">
              <h3 className="scorer-team">{team.teamName}</h3>
              <p className="scorer-figure">
                <span className="visually-hidden">{team.teamName}: </span>
                {score[side]}
              </p>
              <button type="button" className="scorer-tap scorer-plus" aria-label={`Add 1 ${one} for ${team.teamName}`} onClick={() => onTap(side, 1)} disabled={score[side] >= SCORE_MAX}>
                +1
              </button>
              <button type="button" className="scorer-tap scorer-minus" aria-label={`Take 1 ${one} off ${team.teamName}`} onClick={() => onTap(side, -1)} disabled={score[side] === 0}>
                −1
              </button>
            </div>
          );
        })}
      </div>
      {/* Read out after each tap: the whole score, so a referee with a screen reader hears where it stands. */}
      <p className="visually-hidden" role="status">
        {started ? `${home.teamName} ${score.home}, ${away.teamName} ${score.away}` : ''}
      </p>
      {!started && <p className="scorer-hint">The first {one} closes betting on this match.</p>}
      <FormError message={refusal ?? null} />
      <Button variant="secondary" block className="scorer-end-button" onClick={onEnd}>
        End match
      </Button>
    </>
  );
}

function EndMatch({ match, score, refusal, onSend, onBack }: {
  match: ScorerMatch;
  score: Score;
  refusal: string | undefined;
  onSend: (draft: ResultDraft) => string | null;
  onBack: () => void;
}) {
  const [draft, setDraft] = useState(() => initialDraft(match, score));
  const [problem, setProblem] = useState<string | null>(null);
  const asks = asksWhoWentThrough(match, score);
  const [home, away] = match.teams;
  return (
    <section className="scorer-panel" aria-labelledby="scorer-end-title">
      <h3 id="scorer-end-title" className="scorer-panel-title">
        Final score
      </h3>
      <p className="scorer-final">
        <span className="scorer-final-team">{home.teamName}</span>
        <span className="scorer-final-score">{scoreText(score)}</span>
        <span className="scorer-final-team">{away.teamName}</span>
      </p>
      <fieldset className="scorer-choices">
        <legend className="scorer-choices-legend">{asks ? `Level at ${scoreText(score)}: who went through?` : 'Result'}</legend>
        {resultChoices(match, score).map((choice) => (
          <label key={choice} className="scorer-choice">
            <input
              type="radio"
              name="scorer-result"
              value={choice}
              checked={draft.choice === choice}
              onChange={() => {
                setDraft((known) => ({ ...known, choice }));
                setProblem(null);
              }}
            />
            <span>{choiceLabel(match, score, choice)}</span>
          </label>
        ))}
      </fieldset>
      {asks && (
        <TextField
          label="How was it settled? (optional)"
          placeholder="5–4 on penalties"
          maxLength={NOTE_MAX_LENGTH}
          value={draft.note}
          onChange={(event) => setDraft((known) => ({ ...known, note: event.target.value }))}
        />
      )}
      <FormError message={problem ?? refusal ?? null} />
      <Button block onClick={() => setProblem(onSend(draft))}>
        Send result
      </Button>
      <Button variant="secondary" block onClick={onBack}>
        Back to the score
      </Button>
    </section>
  );
}

function ResultState({ title, line, status, tone }: { title: string; line: string; status: string; tone: 'pending' | 'waiting' | 'done' }) {
  return (
    <section className={`scorer-panel scorer-result scorer-result-${tone}`} aria-labelledby="scorer-result-title">
      <h3 id="scorer-result-title" className="scorer-panel-title">
        {title}
      </h3>
      <p className="scorer-result-line">{line}</p>
      <p className="scorer-result-status" role="status">
        {status}
      </p>
    </section>
  );
}

function PendingResult({ match, unit }: { match: ScorerMatch; unit: ScoreUnit }) {
  const now = useNow(15_000);
  const provisional = match.provisional!;
  const line = resultText(match, provisional.result, provisional.winnerTeamId, unit);
  if (provisional.disputed) return <ResultState title="Result sent" line={line} status="The organiser is checking this result" tone="waiting" />;
  return <ResultState title="Result sent" line={line} status={`${pendingLine(provisional.confirmsAt, now)} (at ${formatTimeWithZone(provisional.confirmsAt)}).`} tone="pending" />;
}

export default function MatchScorer({ match, sport, sync, queue, link, hold, refusal, clearRefusal }: MatchScorerProps) {
  const unit = sportRules(sport).scoreUnit;
  const [ending, setEnding] = useState(false);
  const held = heldScore(queue, link, match._id);
  const heldResult = heldEnd(queue, link, match._id);
  const score = held ?? match.liveScore ?? NIL;
  const tap = (side: keyof Score, change: 1 | -1) => {
    const next = { ...score, [side]: Math.min(SCORE_MAX, Math.max(0, score[side] + change)) };
    if (next[side] === score[side]) return;
    clearRefusal(match._id);
    sync.score(match._id, next);
  };
  const send = (draft: ResultDraft) => {
    const made = endBodyOf(match, score, draft, sync.takenAtFor(match._id));
    if ('problem' in made) return made.problem;
    clearRefusal(match._id);
    sync.end(match._id, made.body);
    return null;
  };
  let body;
  if (match.result) {
    body = <ResultState title="Result confirmed" line={resultText(match, match.result, match.winnerTeamId, unit)} status="This match is decided." tone="done" />;
  } else if (match.provisional) {
    body = <PendingResult match={match} unit={unit} />;
  } else if (heldResult) {
    body = <ResultState title="Result" line={heldResultText(match, heldResult, unit)} status={hold ? 'Saved on this phone: it sends when you’re back online.' : 'Sending the result…'} tone="waiting" />;
  } else if (ending) {
    body = <EndMatch match={match} score={score} refusal={refusal} onSend={send} onBack={() => setEnding(false)} />;
  } else {
    body = <ScoreBoard match={match} unit={unit} score={score} onTap={tap} onEnd={() => setEnding(true)} refusal={refusal} started={Boolean(held ?? match.liveScore)} />;
  }
  return (
    <section className="scorer" aria-label={`Scorer: ${teamsLine(match)}`}>
      <MatchHeading match={match} />
      {body}
    </section>
  );
}
