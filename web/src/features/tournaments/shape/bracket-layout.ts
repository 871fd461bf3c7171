// Where the bracket's pieces go: rounds as columns, each match a box, a line from each
// match to the slot of the next match its winner fills, and the champion after the final. Pure, so a
// unit test can hold every size from 2 to 64 teams to "no two boxes overlap, every match joined to its
// next". Each round's matches are spread evenly over the height the first round needs, so a later round's
// box sits between its two feeders and is never closer to its neighbour than the first round's pitch.

export interface BracketMetrics {
  boxWidth: number;
  /** The box's top line: the match's key, time and state. */
  headerHeight: number;
  /** One team's row (a tap target: at least 24 px). */
  rowHeight: number;
  /** Under the rows: a line for how a match was settled ('5–4 on penalties'); 0 when no match has one. */
  footerHeight: number;
  /** Between two boxes of the first round. */
  rowGap: number;
  /** Between two rounds' columns: the connectors run here. */
  columnGap: number;
  /** Above the boxes: the rounds' names. */
  titleHeight: number;
  championWidth: number;
  /** Around the whole drawing, so focus rings and strokes are not cut off. */
  margin: number;
}

export const BRACKET_METRICS: BracketMetrics = {
  boxWidth: 164,
  headerHeight: 20,
  // A team's row is a tap target (a bet on it): 44 px, the usual minimum for a finger.
  rowHeight: 44,
  footerHeight: 0,
  rowGap: 14,
  columnGap: 28,
  titleHeight: 28,
  championWidth: 150,
  margin: 4,
};

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Side = 'home' | 'away';

/** The generic match the layout places: its key, in round order and match order. */
export interface LayoutMatch {
  key: string;
}

export interface PlacedMatch<M extends LayoutMatch> extends Rect {
  match: M;
  /** 0-based column. */
  column: number;
  /** 0-based place in its round. */
  index: number;
  /** The key of the match its winner goes to and which side it fills; absent for the final. */
  next?: { key: string; side: Side };
}

export interface Connector {
  from: string;
  /** The next match's key, or 'champion' after the final. */
  to: string;
  side?: Side;
  /** A polyline: right edge of `from`, across half the gap, up or down, into the row of `to` it fills. */
  points: [number, number][];
}

export interface BracketLayout<M extends LayoutMatch> {
  width: number;
  height: number;
  columns: { name: string; x: number; width: number }[];
  boxes: PlacedMatch<M>[];
  connectors: Connector[];
  /** The champion's box, right of the final (present whenever there is a final). */
  champion: Rect | null;
}

/** The vertical middle of a box's row for a side. */
export const rowMiddle = (box: Rect, side: Side, metrics: BracketMetrics = BRACKET_METRICS) =>
  box.y + metrics.headerHeight + metrics.rowHeight * (side === 'home' ? 0.5 : 1.5);

export const boxHeight = (metrics: BracketMetrics) => metrics.headerHeight + 2 * metrics.rowHeight + metrics.footerHeight;

/**
 * Places the rounds (first round first). A match of round r feeds the match of round r+1 at the same
 * place scaled to that round (half as many matches: index / 2), odd places into the home side and even
 * ones into the away side, as the generator's `next` says (shared/fixture-generation.ts).
 */
export function layOutBracket<M extends LayoutMatch>(
  rounds: readonly { name: string; matches: readonly M[] }[],
  metrics: BracketMetrics = BRACKET_METRICS,
): BracketLayout<M> {
  const played = rounds.filter((round) => round.matches.length > 0);
  const height = boxHeight(metrics);
  const pitch = height + metrics.rowGap;
  const most = Math.max(0, ...played.map((round) => round.matches.length));
  const top = metrics.margin + metrics.titleHeight;
  const bodyHeight = most * pitch - metrics.rowGap;
  const columnX = (column: number) => metrics.margin + column * (metrics.boxWidth + metrics.columnGap);

  const boxes: PlacedMatch<M>[] = [];
  const byColumn: PlacedMatch<M>[][] = [];
  played.forEach((round, column) => {
    const count = round.matches.length;
    const spacing = (most * pitch) / count; // >= pitch: the round never has more matches than the most
    const placed = round.matches.map((match, index) => {
      const middle = top + spacing * (index + 0.5) - metrics.rowGap / 2;
      return { match, column, index, x: columnX(column), y: middle - height / 2, width: metrics.boxWidth, height };
    });
    byColumn.push(placed);
    boxes.push(...placed);
  });

  const connectors: Connector[] = [];
  byColumn.forEach((placed, column) => {
    const following = byColumn.at(column + 1);
    if (!following) return;
    for (const box of placed) {
      const target = following[Math.min(following.length - 1, Math.floor((box.index * following.length) / placed.length))];
      const side: Side = box.index % 2 === 0 ? 'home' : 'away';
      box.next = { key: target.match.key, side };
      const fromY = box.y + height / 2;
      const toY = rowMiddle(target, side, metrics);
      const bend = box.x + box.width + metrics.columnGap / 2;
      connectors.push({
        from: box.match.key,
        to: target.match.key,
        side,
        points: [
          [box.x + box.width, fromY],
          [bend, fromY],
          [bend, toY],
          [target.x, toY],
        ],
      });
    }
  });

  const final = byColumn.at(-1)?.[0];
  let champion: Rect | null = null;
  if (final) {
    const championHeight = metrics.headerHeight + metrics.rowHeight;
    const middle = final.y + height / 2;
    champion = { x: columnX(byColumn.length), y: middle - championHeight / 2, width: metrics.championWidth, height: championHeight };
    connectors.push({
      from: final.match.key,
      to: 'champion',
      points: [
        [final.x + final.width, middle],
        [champion.x, middle],
      ],
    });
  }

  const columns = played.map((round, column) => ({ name: round.name, x: columnX(column), width: metrics.boxWidth }));
  if (champion) columns.push({ name: 'Champion', x: champion.x, width: champion.width });
  const right = champion ? champion.x + champion.width : columnX(played.length) - metrics.columnGap;
  return {
    width: played.length === 0 ? 0 : right + metrics.margin,
    height: played.length === 0 ? 0 : top + bodyHeight + metrics.margin,
    columns,
    boxes,
    connectors,
    champion,
  };
}

/** Whether two rectangles share any area (touching edges do not). */
export const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A text fitted into lines of a box: what is drawn, and what a screen reader says for it. */
export interface FittedText {
  /** The lines drawn, the last ending in an ellipsis when the text was cut. */
  lines: string[];
  cut: boolean;
  /**
   * The whole text as its name: the words drawn, then the ones cut off in brackets ('Narmada Night Owls
   * (Cricket Club)'), so the name holds what is seen, in the same order, and the rest of it. A text cut
   * inside a word (a single word wider than the box) is named whole.
   */
  spoken: string;
}

/** The longest start of `text`, by whole code points (an emoji is never split), that fits with an ellipsis. */
function cutInsideWord(text: string, maxWidth: number, measure: (text: string) => number): string {
  const characters = [...text];
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${characters.slice(0, mid).join('').trimEnd()}…`) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return `${characters.slice(0, low).join('').trimEnd()}…`;
}

/** How many of `words`, from the first, fit on one line (with `end` after them). */
function wordsThatFit(words: readonly string[], maxWidth: number, measure: (text: string) => number, end = ''): number {
  let count = 0;
  while (count < words.length && measure(`${words.slice(0, count + 1).join(' ')}${end}`) <= maxWidth) count++;
  return count;
}

/**
 * `text` in at most `maxLines` lines of `maxWidth` as measured, broken between words; when it does not
 * fit, the last line ends after its last whole word that fits, with an ellipsis (inside a word only when
 * not even one word fits). `measure` gives a string's drawn width (the page measures with a canvas in the
 * box's font).
 */
export function fitLines(text: string, maxWidth: number, measure: (text: string) => number, maxLines = 1): FittedText {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let rest = words;
  while (rest.length > 0) {
    const fitting = wordsThatFit(rest, maxWidth, measure);
    if (fitting === rest.length) return { lines: [...lines, rest.join(' ')], cut: false, spoken: text };
    if (fitting > 0 && lines.length < maxLines - 1) {
      lines.push(rest.slice(0, fitting).join(' '));
      rest = rest.slice(fitting);
      continue;
    }
    // The last line, or a word wider than the box: cut here.
    const shown = wordsThatFit(rest, maxWidth, measure, '…');
    if (shown === 0) return { lines: [...lines, cutInsideWord(rest.join(' '), maxWidth, measure)], cut: true, spoken: text };
    const drawn = [...lines, `${rest.slice(0, shown).join(' ')}…`];
    const seen = [...lines, ...rest.slice(0, shown)].join(' ');
    return { lines: drawn, cut: true, spoken: `${seen} (${rest.slice(shown).join(' ')})` };
  }
  return { lines: [''], cut: false, spoken: text };
}
