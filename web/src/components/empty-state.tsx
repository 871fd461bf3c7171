import type { ReactNode } from 'react';

/** The "nothing here" message of a list or page, with an optional icon and action. */
export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      {icon && <div className="empty-state-icon">{icon}</div>}
      <p className="empty-state-title">{title}</p>
      {children}
    </div>
  );
}
