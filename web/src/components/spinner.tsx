/** A small rotating ring; `label` makes it announce itself, otherwise it is decorative. */
export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  return (
    <span
      className="spinner"
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** Fills the content area while a page or list loads, at a fixed height so nothing jumps. */
export function LoadingBlock({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading-block">
      <Spinner size={32} label={label} />
    </div>
  );
}
