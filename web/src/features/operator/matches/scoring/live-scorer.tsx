// Keeping the score of a match being played, from the touchline: each team's score with large −1 and +1,
// the whole score posted after every tap (the newest wins: taps are never blocked while one is on its way),
// and 'End match', which opens the result dialog with the score filled in.
import { useState } from 'react';
import type { GameEvent } from '#shared/api.ts';
import { SCORE_MAX, type Score } from '#shared/match-results.ts';
import { MSG } from '#shared/messages.ts';
import { type SportRules, scoreUnitLabel } from '#shared/sports.ts';
import { Button } from '../../../../components/button.tsx';
import { FormError } from '../../../../components/text-field.tsx';
import { serverErrorMessage } from '../../../../lib/error-message.ts';
import { saveLiveScore } from '../api/live-score.ts';
import { latestOnly } from './latest-only.ts';
import { useRefreshCatalog } from '../../refresh-catalog.ts';
import './live-scorer.css';

const NIL: Score = { home: 0, away: 0 };

/** The score shown: the taps not yet read back from the server over the saved one. */
function useLiveScore(event: GameEvent) {
  const [tapped, setTapped] = useState<Score | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const refreshCatalog = useRefreshCatalog();
  const [sender] = useState(() =>
    latestOnly<Score>(
      (score) => saveLiveScore(event._id, score),
      (failure) => {
        if (failure) setError(serverErrorMessage(failure, {}) ?? MSG.somethingWentWrong);
        // The list reads the saved score (and the betting it closed) again; the taps give way to it
        // unless new ones came meanwhile.
        void refreshCatalog()
          .catch(() => {})
          .finally(() => {
            if (sender.busy) return;
            setSaving(false);
            setTapped(null);
          });
      },
    ),
  );
  const score = tapped ?? event.liveScore ?? NIL;
  const tap = (side: keyof Score, change: 1 | -1) => {
    const next = { ...score, [side]: Math.min(SCORE_MAX, Math.max(0, score[side] + change)) };
    if (next[side] === score[side]) return;
    setTapped(next);
    setError(null);
    setSaving(true);
    sender.push(next);
  };
  return { score, tap, error, saving };
}

export function LiveScorer({ event, rules, onEnd }: { event: GameEvent; rules: SportRules; onEnd: (score: Score) => void }) {
  const { score, tap, error, saving } = useLiveScore(event);
  const one = scoreUnitLabel(rules.scoreUnit, 1);
  return (
    <div className="live-scorer" role="group" aria-label={`Live score of ${event.teams.map((team) => team.teamName).join(' versus ')}`}>
      {event.teams.map((team, index) => {
        const side = index === 0 ? 'home' : 'away';
        return (
          <div key={team._id} className="live-scorer-team">
            <span className="live-scorer-name">{team.teamName}</span>
            <Button variant="secondary" className="live-scorer-step" aria-label={`−1 ${one} for ${team.teamName}`} onClick={() => tap(side, -1)}>
              −1
            </Button>
            <output className="live-scorer-value" aria-label={`${team.teamName} ${rules.scoreUnit}`}>
              {score[side]}
            </output>
            <Button variant="secondary" className="live-scorer-step" aria-label={`+1 ${one} for ${team.teamName}`} onClick={() => tap(side, 1)}>
              +1
            </Button>
          </div>
        );
      })}
      <p className="live-scorer-status" role="status">
        {saving ? 'Saving the score…' : event.liveScore ? MSG.liveScoreSaved : 'The first tap closes betting.'}
      </p>
      <FormError message={error} />
      <Button className="btn-small" onClick={() => onEnd(score)}>
        End match
      </Button>
    </div>
  );
}
