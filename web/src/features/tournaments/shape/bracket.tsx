// A knockout's bracket drawn as SVG: rounds as columns, each match a box with both sides,
// each side's score (live while played, 'w/o' for a walkover) and the winner marked, how a level match
// was settled on a small line under its sides, a line from each match into the slot of the next one its winner fills, byes
// faint (their team goes straight through) and the champion after the final. The drawing keeps its size
// and scrolls sideways inside its own frame on a phone. A long name takes two lines, and is cut after a
// whole word with an ellipsis only when two are not enough (measured in the box's own font): its box's
// name says it whole, a <title> holds it, and a list under the drawing gives every cut name in full. A
// tappable box's name starts with what it shows, in the order it shows it. A team of a match open for
// bets is a button that bets on it; any other played match shows its card. While the cup pool takes
// stakes, each team's share of it sits at the row's right under its 'Bet' (or tick, or score), a tap
// that opens the team's stake form: stacked there, it costs a name little room on a phone. Once the pool
// is shared, how many backed the champion sits under the champion.
import { Fragment, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { ShapeMatch, ShapeSlot, Team, TournamentShape } from '#shared/api.ts';
import { TrophyIcon } from '../../../components/icons.tsx';
import { BRACKET_METRICS as M, fitLines, layOutBracket, rowMiddle, type FittedText, type PlacedMatch, type Side } from './bracket-layout.ts';
import { championBackersText, sharePercent } from '../../../lib/game/pool-text.ts';
import { shortWhen, sideScores, slotTeam, slotText } from './shape-text.ts';
import './shape.css';

const NAME_FONT = '600 13px';
/** A winner's name is drawn bolder (shape.css), so wider. */
const WINNER_FONT = '800 13px';
const SMALL_FONT = '500 11px';
/** A team's share of the cup pool, in its pill (shape.css). */
const SHARE_FONT = '700 11px';
const CHIP_PAD = 6;
const CHIP_HEIGHT = 20;
/** Between a name and its share's pill. */
const CHIP_GAP = 4;
/** In a row with a share: the middle of its 'Bet', tick or score, above the pill, and the pill's top. */
const ABOVE_CHIP_MIDDLE = 12;
const CHIP_TOP = 21;
/** The pill's tap target: the row's bottom 24 px, the least a target may be. */
const HIT_HEIGHT = 24;
/** A side's score, in figures of one width (shape.css). */
const SCORE_FONT = '800 13px';
/** The line under a box's sides holding a note ('5–4 on penalties'). */
const NOTE_HEIGHT = 18;
const PAD = 8;
/** Between the two lines of a name that takes two. */
const LINE_GAP = 15;

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

/** The cup pool as the bracket shows it. */
export interface BracketPool {
  /** Each team's share of the pool, by team id, while it takes stakes (empty otherwise). */
  shares: ReadonlyMap<string, number>;
  /** Once shared: how many stakes backed the champion. */
  championBackers: number | null;
  onOpenTeam: (team: Team) => void;
}

/** A team's share beside its name: a pill the row keeps room for, at `x` in its box. */
interface ShareChip {
  text: string;
  x: number;
  width: number;
  /** Under the row's 'Bet', tick or score; in the row's middle when it shows none. */
  stacked: boolean;
}

type MatchState = 'bye' | 'void' | 'abandoned' | 'decided' | 'open' | 'started' | 'live' | 'paused' | 'waiting';

function matchState(match: ShapeMatch, now: number): MatchState {
  if (match.eventId === null) return 'bye';
  if (match.isVoid || match.result?.kind === 'void' || match.result?.kind === 'abandoned') return match.result?.kind === 'abandoned' ? 'abandoned' : 'void';
  if (match.winnerTeamId) return 'decided';
  if (!('team' in match.home) || !('team' in match.away) || match.time === null) return 'waiting';
  if (match.liveScore) return 'live';
  if (Date.parse(match.time) <= now) return 'started';
  return match.isBetActive ? 'open' : 'paused';
}

const STATE_TEXT: Record<MatchState, string> = {
  bye: 'Bye',
  void: 'Called off',
  abandoned: 'Abandoned',
  decided: '',
  open: '',
  started: 'Started',
  live: 'Live',
  paused: 'Bet paused',
  waiting: '',
};

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

/** One side of a box as drawn. */
interface RowDrawing {
  side: Side;
  team: Team | null;
  /** The side's words whole: its team's name, or what it waits for. */
  fullName: string;
  name: FittedText;
  /** 'Bet' on a side the viewer may bet on, a tick on the winner's. */
  marker: string;
  /** The side's score (or 'w/o'), right-aligned at `scoreX`; '' for none. */
  score: string;
  scoreX: number;
  isWinner: boolean;
  isLoser: boolean;
  /** Present when the viewer may bet on this side. */
  onBet?: () => void;
  share?: ShareChip;
}

/** One match's box as drawn: its header, its two sides and the name its box is read by. */
interface BoxDrawing {
  box: PlacedMatch<ShapeMatch>;
  state: MatchState;
  header: FittedText;
  status: string;
  rows: [RowDrawing, RowDrawing];
  /** How a level match was settled, in a line under the sides. */
  note: FittedText | null;
  mayBet: boolean;
}

function drawBox(box: PlacedMatch<ShapeMatch>, now: number, actions: BracketActions, shares: ReadonlyMap<string, number>): BoxDrawing {
  const { match } = box;
  const state = matchState(match, now);
  const through = goesThrough(match);
  const mayBet = state === 'open' && match.eventId !== null && actions.canBet(match);
  const when = match.time && state !== 'bye' ? shortWhen(match.time, now) : '';
  // An open match's rows say 'Bet' themselves: its header keeps the room for its time.
  const status = state === 'open' ? '' : STATE_TEXT[state];
  const statusWidth = status ? measureIn(SMALL_FONT)(status) + 8 : 0;
  const header = fitLines([match.key, when].filter(Boolean).join(' · '), box.width - 2 * PAD - statusWidth, measureIn(SMALL_FONT));
  const scores = sideScores(match);
  const scoreWidth = Math.max(measureIn(SCORE_FONT)(scores.home), measureIn(SCORE_FONT)(scores.away));
  const markerWidth = (marker: string) => (marker ? measureIn(NAME_FONT)(marker) + 6 : 0);
  const sides = (['home', 'away'] as const).map((side) => {
    const team = slotTeam(match[side]);
    const isWinner = team !== null && team._id === through;
    const onBet = mayBet && team && match.eventId ? () => actions.onBet(match.eventId!, team) : undefined;
    return { side, team, isWinner, onBet, marker: onBet ? 'Bet' : isWinner ? '✓' : '' };
  });
  // Scores right-aligned in one column, left of the tick's: the two sides' figures stand one above the other.
  const tickColumn = Math.max(...sides.map(({ marker }) => markerWidth(marker)));
  const scoreX = box.width - PAD - tickColumn;
  const row = ({ side, team, isWinner, onBet, marker }: (typeof sides)[number]): RowDrawing => {
    const slot: ShapeSlot = match[side];
    const taken = scoreWidth > 0 ? tickColumn + scoreWidth + 6 : markerWidth(marker);
    const teamShare = team ? shares.get(team._id) : undefined;
    const shareText = teamShare === undefined ? null : sharePercent(teamShare);
    const chipWidth = shareText ? measureIn(SHARE_FONT)(shareText) + 2 * CHIP_PAD : 0;
    // The pill sits under what the row shows at its right: the name gives up the wider of the two only.
    const share = shareText ? { text: shareText, x: box.width - PAD - chipWidth, width: chipWidth, stacked: Boolean(marker || scores[side]) } : undefined;
    const right = share ? Math.max(taken, chipWidth + CHIP_GAP) : taken;
    const fullName = slotText(slot);
    const name = fitLines(fullName, box.width - 2 * PAD - right, measureIn(isWinner ? WINNER_FONT : NAME_FONT), 2);
    return { side, team, fullName, name, marker, score: scores[side], scoreX, isWinner, isLoser: team !== null && through !== null && !isWinner, onBet, share };
  };
  const note = match.result?.note ? fitLines(match.result.note, box.width - 2 * PAD, measureIn(SMALL_FONT)) : null;
  return { box, state, header, status, rows: [row(sides[0]), row(sides[1])], note, mayBet };
}

/**
 * The box's name: what it shows, in its order (the header, its state, each side as drawn with what was cut
 * off in brackets), then what came of the match: 'R1-M2 · Tue 09:08: Sabarmati, Krishna. Sabarmati won'.
 */
function boxName({ box, state, header, status, rows }: BoxDrawing): string {
  const { match } = box;
  if (state === 'bye') return `${match.key}: ${slotTeam(match.home)?.teamName ?? slotTeam(match.away)?.teamName ?? 'Nobody'} goes through with a bye`;
  const winner = rows.find((row) => row.isWinner)?.team;
  const walkover = match.result?.kind === 'walkover';
  const outcome = state === 'decided' && winner ? `. ${winner.teamName} won${walkover ? ' by walkover' : ''}` : '';
  // 'w/o' is said in words beside the outcome, a score beside its side.
  const side = (row: RowDrawing) => `${row.name.spoken}${row.score && !walkover ? ` ${row.score}` : ''}`;
  const note = match.result?.note ? ` (${match.result.note})` : '';
  return `${header.spoken}${status ? ` · ${status}` : ''}: ${side(rows[0])}, ${side(rows[1])}${outcome}${note}`;
}

/**
 * A name's lines, one under the other around `middle`. A space follows each line: what reads the box as
 * text (a screen reader's browse mode, axe) then sees the last word of one line and the first of the next
 * as two words, not one.
 */
function NameLines({ name, x, middle, className }: { name: FittedText; x: number; middle: number; className: string }) {
  const first = middle - ((name.lines.length - 1) * LINE_GAP) / 2;
  return name.lines.map((line, index) => (
    <Fragment key={index}>
      <text className={className} x={x} y={first + index * LINE_GAP} dominantBaseline="central">
        {line}
      </text>{' '}
    </Fragment>
  ));
}

function Row({ box, row }: { box: PlacedMatch<ShapeMatch>; row: RowDrawing }) {
  const { side, team, fullName, name, marker, score, scoreX, isWinner, isLoser, onBet, share } = row;
  const top = M.headerHeight + (side === 'home' ? 0 : M.rowHeight);
  const middle = rowMiddle(box, side) - box.y;
  // Over the share's pill when it has one (ShareChipLink), else in the middle.
  const rightMiddle = share?.stacked ? top + ABOVE_CHIP_MIDDLE : middle;
  const kind = team ? (isWinner ? 'is-winner' : isLoser ? 'is-loser' : '') : 'is-empty';
  const content = (
    <>
      {name.cut && <title>{fullName}</title>}
      <rect className="bracket-row-bg" x={1} y={top} width={box.width - 2} height={M.rowHeight} />
      {isWinner && <rect className="bracket-winner-bar" x={0} y={top} width={3} height={M.rowHeight} />}
      <NameLines name={name} x={PAD} middle={middle} className="bracket-name" />
      {score && (
        <>
          <text className="bracket-score" x={scoreX} y={rightMiddle} dominantBaseline="central" textAnchor="end">
            {score}
          </text>{' '}
        </>
      )}
      {marker && (
        <>
          <text className={onBet ? 'bracket-bet' : 'bracket-tick'} x={box.width - PAD} y={rightMiddle} dominantBaseline="central" textAnchor="end">
            {marker}
          </text>{' '}
        </>
      )}
    </>
  );
  if (!onBet || !team) return <g className={`bracket-row ${kind}`}>{content}</g>;
  return (
    <g className={`bracket-row is-action ${kind}`} role="button" tabIndex={0} aria-label={`${name.spoken}: Bet on this team`} onClick={onBet} onKeyDown={onActivate(onBet)}>
      {content}
    </g>
  );
}

function MatchBox({ drawing, actions }: { drawing: BoxDrawing; actions: BracketActions }) {
  const { box, state, header, status, rows, note, mayBet } = drawing;
  const sidesBottom = M.headerHeight + 2 * M.rowHeight;
  const { match } = box;
  const eventId = match.eventId;
  const label = boxName(drawing);
  const frame: ReactNode = (
    // A nested <svg> clips what it holds: nothing drawn in a box can spill onto another.
    <svg x={box.x} y={box.y} width={box.width} height={box.height} className="bracket-box-frame">
      <rect className="bracket-box-bg" x={0.5} y={0.5} width={box.width - 1} height={box.height - 1} rx={8} />
      <text className="bracket-header" x={PAD} y={M.headerHeight / 2 + 1} dominantBaseline="central">
        {header.lines[0]}
      </text>{' '}
      {status && (
        <>
          <text className={`bracket-status is-${state}`} x={box.width - PAD} y={M.headerHeight / 2 + 1} dominantBaseline="central" textAnchor="end">
            {status}
          </text>{' '}
        </>
      )}
      <line className="bracket-divider" x1={0} x2={box.width} y1={M.headerHeight} y2={M.headerHeight} />
      <Row box={box} row={rows[0]} />{' '}
      <line className="bracket-divider" x1={0} x2={box.width} y1={M.headerHeight + M.rowHeight} y2={M.headerHeight + M.rowHeight} />
      <Row box={box} row={rows[1]} />
      {note && (
        <>
          {' '}
          <line className="bracket-divider" x1={0} x2={box.width} y1={sidesBottom} y2={sidesBottom} />
          <text className="bracket-note" x={PAD} y={sidesBottom + NOTE_HEIGHT / 2} dominantBaseline="central">
            {note.cut && <title>{note.spoken}</title>}
            {note.lines[0]}
          </text>
        </>
      )}
    </svg>
  );
  const className = `bracket-box is-${state}`;
  if (mayBet) {
    return (
      <g className={className} role="group" aria-label={`${label}. Open for bets`} data-match={match.key}>
        {frame}
      </g>
    );
  }
  if (eventId) {
    const show = () => actions.onShowMatch(eventId);
    // A match still waiting for its teams has no card: a tap says what it waits for.
    const does = state === 'waiting' ? 'Show what it waits for' : 'Show the match';
    return (
      <g className={`${className} is-action`} role="button" tabIndex={0} aria-label={`${label}. ${does}`} onClick={show} onKeyDown={onActivate(show)} data-match={match.key}>
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

/**
 * A team's share of the pool over its row, drawn after every box: a tap of its own, never inside the box's
 * or the row's button. 24 px of the row's height (its lower part, under a 'Bet') are its tap target.
 */
function ShareChipLink({ box, row, onOpen }: { box: PlacedMatch<ShapeMatch>; row: RowDrawing; onOpen: (team: Team) => void }) {
  const { share, team } = row;
  if (!share || !team) return null;
  const top = box.y + M.headerHeight + (row.side === 'home' ? 0 : M.rowHeight);
  const open = () => onOpen(team);
  const pillTop = share.stacked ? CHIP_TOP : (M.rowHeight - CHIP_HEIGHT) / 2;
  return (
    <g
      className="bracket-pool-share"
      transform={`translate(${box.x + share.x} ${top})`}
      role="link"
      tabIndex={0}
      aria-label={`${share.text} of the cup pool on ${team.teamName}: back it`}
      onClick={open}
      onKeyDown={onActivate(open)}
    >
      <rect className="bracket-pool-hit" x={0} y={share.stacked ? M.rowHeight - HIT_HEIGHT : (M.rowHeight - HIT_HEIGHT) / 2} width={share.width} height={HIT_HEIGHT} />
      <rect className="bracket-pool-pill" x={0} y={pillTop} width={share.width} height={CHIP_HEIGHT} rx={CHIP_HEIGHT / 2} />
      <text className="bracket-pool-text" x={share.width / 2} y={pillTop + CHIP_HEIGHT / 2} dominantBaseline="central" textAnchor="middle">
        {share.text}
      </text>
    </g>
  );
}

export interface BracketProps extends BracketActions {
  bracket: NonNullable<TournamentShape['bracket']>;
  champion: Team | null;
  /** The time the states are read at (the page re-renders each minute). */
  now: number;
  /** The cup pool, once read (none for a tournament without one). */
  pool?: BracketPool;
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

const NO_SHARES: ReadonlyMap<string, number> = new Map();

export function Bracket({ bracket, champion, now, pool, ...actions }: BracketProps) {
  const frame = useRef<HTMLDivElement>(null);
  const innerWidth = useInnerWidth(frame);
  const rounds = bracket.rounds.filter((round) => round.matches.length > 0).length;
  const shares = pool?.shares ?? NO_SHARES;
  const boxWidth = boxWidthFor(rounds, innerWidth);
  // Every box keeps a line for a note once one match has one: the rounds stay evenly spaced.
  const footerHeight = bracket.rounds.some((round) => round.matches.some((match) => match.result?.note)) ? NOTE_HEIGHT : 0;
  const layout = useMemo(() => layOutBracket(bracket.rounds, { ...M, boxWidth, footerHeight }), [bracket, boxWidth, footerHeight]);
  const drawings = layout.boxes.map((box) => drawBox(box, now, actions, shares));
  const through = new Map(layout.boxes.map((box) => [box.match.key, goesThrough(box.match)]));
  const byes = new Set(layout.boxes.filter((box) => box.match.eventId === null).map((box) => box.match.key));
  const championName = champion ? fitLines(champion.teamName, M.championWidth - 2 * PAD - 24, measureIn(NAME_FONT), 2) : null;
  // Every team whose name the drawing cut, once, in the order drawn: listed whole under it.
  const cutTeams = new Map<string, string>();
  for (const row of drawings.flatMap((drawing) => drawing.rows)) if (row.name.cut && row.team) cutTeams.set(row.team._id, row.team.teamName);
  if (champion && championName?.cut) cutTeams.set(champion._id, champion.teamName);
  // Opens where the tournament is: at the round being played (its first match not yet decided), or at
  // the champion once there is one, not at the first round a phone's width away from it.
  const currentRound = bracket.rounds.filter((round) => round.matches.length > 0).findIndex((round) => round.matches.some((match) => match.eventId !== null && !match.winnerTeamId && !match.isVoid));
  const openAt = champion || currentRound < 0 ? layout.width : (layout.columns[currentRound]?.x ?? 0) - M.margin;
  // Down the page too: the champion, or the round's first match still to be played, which a phone's
  // screen may have below its fold (a 16-slot bracket is taller than a phone).
  const focus = champion
    ? layout.champion
    : layout.boxes.find((box) => box.column === currentRound && box.match.eventId !== null && !box.match.winnerTeamId && !box.match.isVoid);
  const [focusTop, focusHeight] = [focus?.y ?? 0, focus?.height ?? 0];
  const opened = useRef(false);
  useEffect(() => {
    const target = frame.current;
    // Once, when the frame has its width: a result arriving later leaves the reader where they scrolled.
    if (!target || innerWidth === 0 || opened.current) return;
    opened.current = true;
    target.scrollLeft = openAt;
    // Only a page opened at its top: one the reader scrolled (or came back to) stays where it is.
    const top = target.getBoundingClientRect().top + focusTop;
    if (focusHeight > 0 && window.scrollY === 0 && top + focusHeight > window.innerHeight) window.scrollTo({ top: top - window.innerHeight / 3 });
  }, [openAt, innerWidth, focusTop, focusHeight]);
  const championMiddle = (layout.champion?.height ?? 0) / 2;
  const backers =
    champion && pool?.championBackers != null && layout.champion
      ? fitLines(championBackersText(pool.championBackers, [champion.teamName]), layout.champion.width - PAD, measureIn(SMALL_FONT))
      : null;
  return (
    <>
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
          {drawings.map((drawing) => (
            <MatchBox key={drawing.box.match.key} drawing={drawing} actions={actions} />
          ))}
          {pool &&
            drawings.flatMap((drawing) =>
              drawing.rows.map((row) => <ShareChipLink key={`${drawing.box.match.key}-${row.side}`} box={drawing.box} row={row} onOpen={pool.onOpenTeam} />),
            )}
          {layout.champion && (
            <g className={`bracket-champion${champion ? ' is-known' : ''}`} role="img" aria-label={champion ? `Champion: ${champion.teamName}` : 'Champion: to be decided'}>
              <svg x={layout.champion.x} y={layout.champion.y} width={layout.champion.width} height={layout.champion.height}>
                {championName?.cut && <title>{champion?.teamName}</title>}
                <rect className="bracket-box-bg" x={0.5} y={0.5} width={layout.champion.width - 1} height={layout.champion.height - 1} rx={8} />
                <TrophyIcon size={18} x={PAD} y={championMiddle - 9} className="bracket-trophy" />
                {championName ? (
                  <NameLines name={championName} x={PAD + 24} middle={championMiddle} className="bracket-name" />
                ) : (
                  <text className="bracket-name is-empty" x={PAD + 24} y={championMiddle} dominantBaseline="central">
                    To be decided
                  </text>
                )}
              </svg>
            </g>
          )}
          {backers && layout.champion && champion && pool && (
            <g className="bracket-pool-backers" role="link" tabIndex={0} aria-label={`${backers.spoken} in the cup pool`} onClick={() => pool.onOpenTeam(champion)} onKeyDown={onActivate(() => pool.onOpenTeam(champion))}>
              {backers.cut && <title>{championBackersText(pool.championBackers ?? 0, [champion.teamName])}</title>}
              <text x={layout.champion.x + PAD} y={layout.champion.y + layout.champion.height + 14} dominantBaseline="central">
                {backers.lines[0]}
              </text>
            </g>
          )}
        </svg>
      </div>
      {cutTeams.size > 0 && (
        <section className="bracket-full-names" aria-labelledby="bracket-full-names-title">
          <h2 id="bracket-full-names-title">Names cut short above</h2>
          <ul>
            {[...cutTeams].map(([id, name]) => (
              <li key={id}>{name}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
