// Before a bet on a match that may end drawn, says what a draw does to it. Its own chunk, shown once the
// tournament's shape (its sport and bracket) is read: the bet screen's first load stays in its budget.
import { useTournamentShape } from '../../lib/game/get-tournament-shape.ts';
import { mayEndDrawn } from './draw-chance.ts';

export default function DrawNote({ tournamentId, eventId }: { tournamentId: string; eventId: string }) {
  const shape = useTournamentShape(tournamentId);
  if (!shape || !mayEndDrawn(shape, eventId)) return null;
  return <p className="bet-draw-note">This match may end drawn: a draw returns every stake.</p>;
}
