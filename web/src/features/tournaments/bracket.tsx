// A knockout's bracket drawn as SVG (issue 21 §5): rounds as columns, each match a box with both sides
// and the winner marked, a line from each match into the slot of the next one its winner fills, byes
// faint (their team goes straight through) and the champion after the final. The drawing keeps its size
// and scrolls sideways inside its own frame on a phone. Long names are cut with an ellipsis, measured in
// the box's own font, with the full name in a <title>. A team of a match open for bets is a button that
// bets on it; any other played match shows its card.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { ShapeMatch, ShapeSlot, Team, TournamentShape } from '#shared/api.ts';
import { TrophyIcon } from '../../components/icons.tsx';
import { BRACKET_METRICS as M, fitText, layOutBracket, rowMiddle, type PlacedMatch, type Side } from './bracket-layout.ts';
import { shortWhen, slotTeam, slotText } from './shape-text.ts';
import './shape.css';

const NAME_FONT = '600 13px';
const SMALL_FONT = '500 11px';
const PAD = 8;

let canvas: CanvasRenderingContext2D | null | undefined;
let family: string | undefined;
/** A string's width in the page's font, from a canvas (about 7 px a character where there is none). */
function measureIn(font: string) {
  canvas ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  family ??= typeof document === 'undefined' ? 'sans-serif' : getComputedStyle(document.body).fontFamily;
  const context = canvas;
  if (!context) return (text: string) => text.length * 7.5;
  return (text: string) => {
    context.font = `${font} ${family}`;
    return context.measureText(text).width;
  };
}

/** What the bracket's owner does with a tap. */
export interface BracketActions {
  /** Whether the viewer may bet on the match now (open, not started, no bet of theirs on it yet). */
  canBet: (match: ShapeMatch) => boolean;
  onBet: (eventId: string, team: Team) => void;
  onShowMatch: (eventId: string) => void;
}

type MatchState = 'bye' | 'void' | 'decided' | 'open' | 'started' | 'paused' | 'waiting';

function matchState(match: ShapeMatch, now: number): MatchState {
  if (match.eventId === null) return 'bye';
  if (match.isVoid) return 'void';
  if (match.winnerTeamId) return 'decided';
  if (!('team' in match.home) || !('team' in match.away) || match.time === null) return 'waiting';
  if (Date.parse(match.time) <= now) return 'started';
  return match.isBetActive ? 'open' : 'paused';
}

const STATE_TEXT: Record<MatchState, string> = { bye: 'Bye', void: 'Called off', decided: '', open: '', started: 'Started', paused: 'Bet paused', waiting: '' };

/** The team that goes on from the match: its winner, or a bye's team. */
function goesThrough(match: ShapeMatch): string | null {
  if (match.winnerTeamId) return match.winnerTeamId;
  if (match.eventId !== null) return null;
  return slotTeam(match.home)?._id ?? slotTeam(match.away)?._id ?? null;
}

const onActivate = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    action();
  }
};

interface RowProps {
  box: PlacedMatch<ShapeMatch>;
  side: Side;
  slot: ShapeSlot;
  through: string | null;
  /** Present when the viewer may bet on this side. */
  onBet?: () => void;
}

function Row({ box, side, slot, through, onBet }: RowProps) {
  const team = slotTeam(slot);
  const top = M.headerHeight + (side === 'home' ? 0 : M.rowHeight);
  const isWinner = team !== null && team._id === through;
  const isLoser = team !== null && through !== null && !isWinner;
  const marker = onBet ? 'Bet' : isWinner ? '✓' : '';
  const markerWidth = marker ? measureIn(NAME_FONT)(marker) + 6 : 0;
  const name = slotText(slot);
  const fitted = fitText(name, box.width - 2 * PAD - markerWidth, measureIn(NAME_FONT));
  const middle = rowMiddle(box, side) - box.y;
  const kind = team ? (isWinner ? 'is-winner' : isLoser ? 'is-loser' : '') : 'is-empty';
  const content = (
    <>
      {fitted.cut && <title>{name}</title>}
      <rect className="bracket-row-bg" x={1} y={top} width={box.width - 2} height={M.rowHeight} />
      {isWinner && <rect className="bracket-winner-bar" x={0} y={top} width={3} height={M.rowHeight} />}
      <text className="bracket-name" x={PAD} y={middle} dominantBaseline="central">
        {fitted.text}
      </text>
      {marker && (
        <text className={onBet ? 'bracket-bet' : 'bracket-tick'} x={box.width - PAD} y={middle} dominantBaseline="central" textAnchor="end">
          {marker}
        </text>
      )}
    </>
  );
  if (!onBet || !team) return <g className={`bracket-row ${kind}`}>{content}</g>;
  return (
    <g className={`bracket-row is-action ${kind}`} role="button" tabIndex={0} aria-label={`Bet on ${team.teamName}`} onClick={onBet} onKeyDown={onActivate(onBet)}>
      {content}
    </g>
  );
}

function describe(match: ShapeMatch, state: MatchState, when: string) {
  const [home, away] = [slotText(match.home), slotText(match.away)];
  const winner = [slotTeam(match.home), slotTeam(match.away)].find((team) => team?._id === match.winnerTeamId);
  const result = state === 'decided' && winner ? `, ${winner.teamName} won` : state === 'void' ? ', called off' : '';
  const bye = state === 'bye' ? `${slotTeam(match.home)?.teamName ?? slotTeam(match.away)?.teamName ?? 'Nobody'} goes through with a bye` : `${home} vs ${away}`;
  return `${match.key}${when ? `, ${when}` : ''}: ${bye}${result}`;
}

function MatchBox({ box, now, actions }: { box: PlacedMatch<ShapeMatch>; now: number; actions: BracketActions }) {
  const { match } = box;
  const state = matchState(match, now);
  const through = goesThrough(match);
  const mayBet = state === 'open' && match.eventId !== null && actions.canBet(match);
  const eventId = match.eventId;
  const when = match.time && state !== 'bye' ? shortWhen(match.time, now) : '';
  // An open match's rows say 'Bet' themselves: its header keeps the room for its time.
  const status = state === 'open' ? '' : STATE_TEXT[state];
  const statusWidth = status ? measureIn(SMALL_FONT)(status) + 8 : 0;
  const header = fitText([match.key, when].filter(Boolean).join(' · '), box.width - 2 * PAD - statusWidth, measureIn(SMALL_FONT));
  const bet = (slot: ShapeSlot) => {
    const team = slotTeam(slot);
    return mayBet && team && eventId ? () => actions.onBet(eventId, team) : undefined;
  };
  const label = describe(match, state, when);
  const frame: ReactNode = (
    // A nested <svg> clips what it holds: nothing drawn in a box can spill onto another.
    <svg x={box.x} y={box.y} width={box.width} height={box.height} className="bracket-box-frame">
      <rect className="bracket-box-bg" x={0.5} y={0.5} width={box.width - 1} height={box.height - 1} rx={8} />
      <text className="bracket-header" x={PAD} y={M.headerHeight / 2 + 1} dominantBaseline="central">
        {header.text}
      </text>
      {status && (
        <text className={`bracket-status is-${state}`} x={box.width - PAD} y={M.headerHeight / 2 + 1} dominantBaseline="central" textAnchor="end">
          {status}
        </text>
      )}
      <line className="bracket-divider" x1={0} x2={box.width} y1={M.headerHeight} y2={M.headerHeight} />
      <Row box={box} side="home" slot={match.home} through={through} onBet={bet(match.home)} />
      <line className="bracket-divider" x1={0} x2={box.width} y1={M.headerHeight + M.rowHeight} y2={M.headerHeight + M.rowHeight} />
      <Row box={box} side="away" slot={match.away} through={through} onBet={bet(match.away)} />
    </svg>
  );
  const className = `bracket-box is-${state}`;
  if (mayBet) {
    return (
      <g className={className} role="group" aria-label={`${label}, open for bets`} data-match={match.key}>
        {frame}
      </g>
    );
  }
  if (eventId) {
    const show = () => actions.onShowMatch(eventId);
    return (
      <g className={`${className} is-action`} role="button" tabIndex={0} aria-label={`${label}. Show the match`} onClick={show} onKeyDown={onActivate(show)} data-match={match.key}>
        {frame}
      </g>
    );
  }
  return (
    <g className={className} role="img" aria-label={label} data-match={match.key}>
      {frame}
    </g>
  );
}

export interface BracketProps extends BracketActions {
  bracket: NonNullable<TournamentShape['bracket']>;
  champion: Team | null;
  /** The time the states are read at (the page re-renders each minute). */
  now: number;
}

/** The widest a box grows to on a wide screen. */
const WIDEST_BOX = 220;

/** The frame's inner width, followed as the window resizes (0 before the first layout). */
function useInnerWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const observer = new ResizeObserver(() => {
      const style = getComputedStyle(target);
      setWidth(target.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/** Boxes as wide as the frame lets the whole bracket be, between the phone's width and WIDEST_BOX: long names show whole on a laptop. */
function boxWidthFor(rounds: number, width: number): number {
  const fits = Math.floor((width - 2 * M.margin - M.championWidth) / rounds - M.columnGap);
  return Math.max(M.boxWidth, Math.min(WIDEST_BOX, fits));
}

export function Bracket({ bracket, champion, now, ...actions }: BracketProps) {
  const frame = useRef<HTMLDivElement>(null);
  const innerWidth = useInnerWidth(frame);
  const rounds = bracket.rounds.filter((round) => round.matches.length > 0).length;
  const boxWidth = boxWidthFor(rounds, innerWidth);
  const layout = useMemo(() => layOutBracket(bracket.rounds, { ...M, boxWidth }), [bracket, boxWidth]);
  const through = new Map(layout.boxes.map((box) => [box.match.key, goesThrough(box.match)]));
  const byes = new Set(layout.boxes.filter((box) => box.match.eventId === null).map((box) => box.match.key));
  const championName = champion ? fitText(champion.teamName, M.championWidth - 2 * PAD - 22, measureIn(NAME_FONT)) : null;
  // Opens where the tournament is: at the round being played (its first match not yet decided), or at
  // the champion once there is one, not at the first round a phone's width away from it.
  const currentRound = bracket.rounds.filter((round) => round.matches.length > 0).findIndex((round) => round.matches.some((match) => match.eventId !== null && !match.winnerTeamId && !match.isVoid));
  const openAt = champion || currentRound < 0 ? layout.width : (layout.columns[currentRound]?.x ?? 0) - M.margin;
  const opened = useRef(false);
  useEffect(() => {
    const target = frame.current;
    // Once, when the frame has its width: a result arriving later leaves the reader where they scrolled.
    if (!target || innerWidth === 0 || opened.current) return;
    opened.current = true;
    target.scrollLeft = openAt;
  }, [openAt, innerWidth]);
  return (
    <div ref={frame} className="bracket-scroll" role="region" aria-label="Bracket (scrolls sideways)" tabIndex={0}>
      <svg className="bracket" width={layout.width} height={layout.height} viewBox={`0 0 ${layout.width} ${layout.height}`} role="group" aria-label="Bracket">
        {layout.columns.map((column) => (
          <text key={column.name} className="bracket-round" x={column.x + column.width / 2} y={M.margin + M.titleHeight / 2} dominantBaseline="central" textAnchor="middle">
            {column.name}
          </text>
        ))}
        <g aria-hidden="true">
          {layout.connectors.map((connector) => (
            <polyline
              key={`${connector.from}-${connector.to}`}
              className={`bracket-line${through.get(connector.from) ? ' is-through' : ''}${byes.has(connector.from) ? ' is-bye' : ''}`}
              points={connector.points.map((point) => point.join(',')).join(' ')}
            />
          ))}
        </g>
        {layout.boxes.map((box) => (
          <MatchBox key={box.match.key} box={box} now={now} actions={actions} />
        ))}
        {layout.champion && (
          <g className={`bracket-champion${champion ? ' is-known' : ''}`} role="img" aria-label={champion ? `Champion: ${champion.teamName}` : 'Champion: to be decided'}>
            <svg x={layout.champion.x} y={layout.champion.y} width={layout.champion.width} height={layout.champion.height}>
              {championName?.cut && <title>{champion?.teamName}</title>}
              <rect className="bracket-box-bg" x={0.5} y={0.5} width={layout.champion.width - 1} height={layout.champion.height - 1} rx={8} />
              <TrophyIcon size={18} x={PAD} y={(layout.champion.height - 18) / 2} className="bracket-trophy" />
              <text className={champion ? 'bracket-name' : 'bracket-name is-empty'} x={PAD + 24} y={layout.champion.height / 2} dominantBaseline="central">
                {championName ? championName.text : 'To be decided'}
              </text>
            </svg>
          </g>
        )}
      </svg>
    </div>
  );
}
