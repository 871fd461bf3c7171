import { useId } from 'react';
import type { LedgerEntryView } from '#shared/api.ts';
import { formatDate, formatTimeWithZone } from '#shared/format.ts';
import { formatCount } from '../../lib/format-number.ts';
import { CHART, chartGeometry } from './coin-history-model.ts';

/**
 * The coins balance over the entries loaded so far, as a small step chart drawn in inline SVG (no chart
 * library: the wallet's JavaScript budget). Its text alternative sums it up; the table below lists every point.
 */
export function BalanceChart({ entries }: { entries: readonly LedgerEntryView[] }) {
  const titleId = useId();
  const descriptionId = useId();
  const chart = chartGeometry(entries);
  if (!chart) return null;
  const oldest = entries.at(-1)!;
  const newest = entries[0];
  const summary = `From ${formatCount(oldest.coinsAfter)} coins on ${formatDate(oldest.createdAt)} to ${formatCount(newest.coinsAfter)} coins on ${formatDate(newest.createdAt)}; lowest ${formatCount(chart.min)}, highest ${formatCount(chart.max)}.`;
  const plotBottom = CHART.height - CHART.bottom;
  // Within one day the dates would say the same twice: the times tell the ends apart.
  const sameDay = formatDate(oldest.createdAt) === formatDate(newest.createdAt);
  const axisLabel = (time: string) => (sameDay ? formatTimeWithZone(time) : formatDate(time));
  return (
    <figure className="balance-chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby={`${titleId} ${descriptionId}`} preserveAspectRatio="none">
        <title id={titleId}>Coins balance over time</title>
        <desc id={descriptionId}>{summary}</desc>
        <line className="balance-chart-axis" x1={CHART.left} x2={CHART.width - CHART.right} y1={plotBottom} y2={plotBottom} />
        <path className="balance-chart-area" d={chart.area} />
        <path className="balance-chart-line" d={chart.line} vectorEffect="non-scaling-stroke" />
        {/* Dots as round caps of zero-length strokes: they stay round while the chart stretches to its width. */}
        {chart.points.map((point, i) => (
          <path key={i} className="balance-chart-point" d={`M${point.x} ${point.y}h0`} vectorEffect="non-scaling-stroke" />
        ))}
      </svg>
      {/* Axis labels in HTML, so the stretched SVG never distorts the text. */}
      <div className="balance-chart-scale" aria-hidden="true">
        <span>{formatCount(chart.max)}</span>
        <span>{formatCount(chart.min)}</span>
      </div>
      <figcaption className="balance-chart-dates" aria-hidden="true">
        <span>{axisLabel(oldest.createdAt)}</span>
        <span>{axisLabel(newest.createdAt)}</span>
      </figcaption>
    </figure>
  );
}
