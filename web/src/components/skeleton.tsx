import './skeleton.css';

/** One grey placeholder block in the shape of the text or picture about to load; decorative. */
export function Skeleton({ width = '100%', height = '1em', round = false }: { width?: string | number; height?: string | number; round?: boolean }) {
  return <span className={round ? 'skeleton is-round' : 'skeleton'} style={{ width, height }} aria-hidden="true" />;
}

/**
 * Stands in for a list while it loads: `rows` card-like rows of placeholders (optionally with a round
 * picture), announced once to screen readers by `label`. The shimmer stops under prefers-reduced-motion.
 */
export function SkeletonList({ label, rows = 4, withAvatar = false }: { label: string; rows?: number; withAvatar?: boolean }) {
  return (
    <div className="skeleton-list" role="status" aria-busy="true" aria-label={label} data-testid="skeleton">
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="skeleton-row">
          {withAvatar && <Skeleton width={40} height={40} round />}
          <div className="skeleton-lines">
            <Skeleton width={`${60 - (row % 3) * 12}%`} height="0.95em" />
            <Skeleton width={`${85 - (row % 2) * 20}%`} height="0.8em" />
          </div>
        </div>
      ))}
    </div>
  );
}
