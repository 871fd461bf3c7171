import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

export interface TabLink {
  to: string;
  label: string;
  isCurrent: boolean;
}

/**
 * A row of tabs that are links (each tab is its own URL, so it can be shared and survives a reload).
 * The current tab is marked with aria-current; on narrow screens the row scrolls sideways. Switching a
 * filter replaces the history entry (Back leaves the screen); `replace={false}` is for sections.
 */
export function TabLinks({ label, tabs, replace = true }: { label: string; tabs: readonly TabLink[]; replace?: boolean }) {
  const currentTab = useRef<HTMLAnchorElement>(null);
  const currentTo = tabs.find((tab) => tab.isCurrent)?.to;
  // On a phone the current tab may sit beyond the right edge of the row: bring it into view.
  useEffect(() => {
    currentTab.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [currentTo]);
  return (
    <nav className="tab-links" aria-label={label}>
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          ref={tab.isCurrent ? currentTab : undefined}
          to={tab.to}
          replace={replace}
          className="tab-link"
          aria-current={tab.isCurrent ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
