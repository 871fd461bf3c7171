import { describe, expect, it } from 'vitest';
import { knockout } from '#shared/fixture-generation.ts';
import { BRACKET_METRICS, fitLines, layOutBracket, overlaps, rowMiddle, type Rect } from './bracket-layout.ts';

const teams = (n: number) => Array.from({ length: n }, (_, i) => `team-${i + 1}`);

/** The generator's bracket as the shape endpoint's rounds: each match by its key, rounds in order. */
function bracketOf(n: number) {
  const bracket = knockout(teams(n));
  const rounds = bracket.rounds.map((round) => ({ name: round.name, matches: round.matches.map((match) => ({ key: match.id, next: match.next })) }));
  return { bracket, rounds };
}

/** Whether an axis-aligned segment passes through the inside of a rectangle (running along its edge does not). */
function crosses([x1, y1]: [number, number], [x2, y2]: [number, number], box: Rect) {
  const [left, right] = [Math.min(x1, x2), Math.max(x1, x2)];
  const [upper, lower] = [Math.min(y1, y2), Math.max(y1, y2)];
  return left < box.x + box.width && right > box.x && upper < box.y + box.height && lower > box.y && (left !== right || (left > box.x && left < box.x + box.width)) && (upper !== lower || (upper > box.y && upper < box.y + box.height));
}

describe('the bracket layout', () => {
  // The phone's boxes, and the widest a laptop gives them; and the phone's with a line for a note under each box.
  const sizes = [
    { boxWidth: BRACKET_METRICS.boxWidth, footerHeight: 0 },
    { boxWidth: 220, footerHeight: 0 },
    { boxWidth: BRACKET_METRICS.boxWidth, footerHeight: 16 },
  ];
  for (let n = 2; n <= 64; n++) {
    it.each(sizes)(`places ${n} teams' bracket with no two boxes overlapping, every match joined to its next (boxes $boxWidth px wide, note line $footerHeight px)`, ({ boxWidth, footerHeight }) => {
      const { rounds } = bracketOf(n);
      const layout = layOutBracket(rounds, { ...BRACKET_METRICS, boxWidth, footerHeight });
      const matchCount = rounds.reduce((sum, round) => sum + round.matches.length, 0);
      expect(layout.boxes).toHaveLength(matchCount);
      const drawn: Rect[] = [...layout.boxes, layout.champion!];
      expect(layout.champion).not.toBeNull();

      // Inside the drawing, below the rounds' names.
      const outside = drawn.filter((a) => a.x < 0 || a.y < BRACKET_METRICS.titleHeight || a.x + a.width > layout.width || a.y + a.height > layout.height);
      expect(outside).toEqual([]);
      const overlapping = drawn.flatMap((a, i) => drawn.slice(i + 1).filter((b) => overlaps(a, b)).map((b) => [a, b]));
      expect(overlapping).toEqual([]);
      // Boxes of one round keep at least the first round's gap between them.
      for (const column of new Set(layout.boxes.map((box) => box.column))) {
        const inColumn = layout.boxes.filter((box) => box.column === column).sort((a, b) => a.y - b.y);
        for (let k = 1; k < inColumn.length; k++) expect(inColumn[k].y - (inColumn[k - 1].y + inColumn[k - 1].height)).toBeGreaterThanOrEqual(BRACKET_METRICS.rowGap - 1e-9);
      }

      const boxOf = new Map(layout.boxes.map((box) => [box.match.key, box]));
      for (const box of layout.boxes) {
        const expected = box.match.next;
        const connector = layout.connectors.find((c) => c.from === box.match.key)!;
        expect(connector, box.match.key).toBeDefined();
        const first = connector.points[0];
        const last = connector.points.at(-1)!;
        // Out of the middle of the match's right edge…
        expect(first).toEqual([box.x + box.width, box.y + box.height / 2]);
        if (expected) {
          // …into the row of the next match its winner fills, as the generator says.
          expect(connector.to).toBe(expected.matchId);
          expect(connector.side).toBe(expected.slot);
          expect(box.next).toEqual({ key: expected.matchId, side: expected.slot });
          const target = boxOf.get(expected.matchId)!;
          expect(target.column).toBe(box.column + 1);
          expect(last).toEqual([target.x, rowMiddle(target, expected.slot)]);
        } else {
          expect(connector.to).toBe('champion');
          expect(last[0]).toBe(layout.champion!.x);
          expect(last[1]).toBeGreaterThan(layout.champion!.y);
          expect(last[1]).toBeLessThan(layout.champion!.y + layout.champion!.height);
        }
        // Straight lines only, and through no box.
        const segments = connector.points.slice(1).map((b, k) => [connector.points[k], b] as const);
        expect(segments.every(([a, b]) => a[0] === b[0] || a[1] === b[1])).toBe(true);
        expect(segments.filter(([a, b]) => drawn.some((other) => crosses(a, b, other)))).toEqual([]);
      }
      // One connector per match, and none ends on another's slot.
      expect(layout.connectors).toHaveLength(matchCount);
      const ends = layout.connectors.map((c) => c.points.at(-1)!.join(','));
      expect(new Set(ends).size).toBe(ends.length);
    });
  }

  it('lays out a 12-team knockout as a 16-slot bracket: four columns, then the champion', () => {
    const layout = layOutBracket(bracketOf(12).rounds);
    expect(layout.columns.map((column) => column.name)).toEqual(['Round of 16', 'Quarter-finals', 'Semi-finals', 'Final', 'Champion']);
    expect(layout.boxes.filter((box) => box.column === 0)).toHaveLength(8);
  });

  it('draws nothing for no rounds', () => {
    expect(layOutBracket([])).toMatchObject({ width: 0, height: 0, boxes: [], connectors: [], champion: null });
  });
});

describe('fitting a name into a box', () => {
  const measure = (text: string) => [...text].length * 10;

  it('keeps a name that fits on one line', () => {
    expect(fitLines('Hostel A', 80, measure, 2)).toEqual({ lines: ['Hostel A'], cut: false, spoken: 'Hostel A' });
  });

  it('breaks a longer one between words onto the second line', () => {
    expect(fitLines('Godavari Gladiators FC', 130, measure, 2)).toEqual({ lines: ['Godavari', 'Gladiators FC'], cut: false, spoken: 'Godavari Gladiators FC' });
  });

  it('cuts what two lines cannot hold after a whole word, and names it whole with the cut words in brackets', () => {
    const fitted = fitLines('Narmada Night Owls Cricket Club', 130, measure, 2);
    expect(fitted).toEqual({ lines: ['Narmada Night', 'Owls Cricket…'], cut: true, spoken: 'Narmada Night Owls Cricket (Club)' });
    expect(fitted.lines.every((line) => measure(line) <= 130)).toBe(true);
    expect(fitLines('Tapti Hostel Tigers', 100, measure)).toEqual({ lines: ['Tapti…'], cut: true, spoken: 'Tapti (Hostel Tigers)' });
  });

  it('cuts inside a word only when not one word fits, never splitting an emoji, and then names it whole', () => {
    expect(fitLines('Brahmaputra Bulls', 60, measure)).toEqual({ lines: ['Brahm…'], cut: true, spoken: 'Brahmaputra Bulls' });
    expect(fitLines('🏏🏏🏏🏏', 30, measure)).toEqual({ lines: ['🏏🏏…'], cut: true, spoken: '🏏🏏🏏🏏' });
    expect(fitLines('Narmada', 5, measure)).toEqual({ lines: ['…'], cut: true, spoken: 'Narmada' });
  });
});
