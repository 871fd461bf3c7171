import { useEffect, useRef, useState } from 'react';
import { Link } from './link.tsx';

export interface TabLink {
  to: string;
  label: string;
  isCurrent: boolean;
  /** Work waiting behind the tab (pending withdrawals), shown as a badge when above 0; `countLabel` reads it out ('3 pending'). */
  count?: number;
  countLabel?: string;
}

/** Which ends of a sideways-scrolling row hide more tabs. */
function useHiddenEnds(row: React.RefObject<HTMLElement | null>) {
  const [hidden, setHidden] = useState({ start: false, end: false });
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const update = () => {
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setHidden((now) => (now.start === start && now.end === end ? now : { start, end }));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resizes = new ResizeObserver(update);
    resizes.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resizes.disconnect();
    };
  }, [row]);
  return hidden;
}

/**
 * A row of tabs that are links (each tab is its own URL, so it can be shared and survives a reload).
 * The current tab is marked with aria-current; on narrow screens the row scrolls sideways, with a fade
 * and an arrow at each end that hides more tabs, and the current tab brought into view. Switching a
 * filter replaces the history entry (Back leaves the screen); `replace={false}` is for sections. `wrap`:
 * the tabs wrap onto more rows instead, so every one stays in sight (the console's sections on a phone).
 */
export function TabLinks({ label, tabs, replace = true, wrap = false }: { label: string; tabs: readonly TabLink[]; replace?: boolean; wrap?: boolean }) {
  const row = useRef<HTMLDivElement>(null);
  const currentTab = useRef<HTMLAnchorElement>(null);
  const currentTo = tabs.find((tab) => tab.isCurrent)?.to;
  const hidden = useHiddenEnds(row);
  // On a phone the current tab may sit beyond the right edge of the row: centre it. Only the row
  // scrolls (scrollIntoView could also move the page, which the router's scroll restoration owns).
  useEffect(() => {
    const tab = currentTab.current;
    const element = row.current;
    if (tab && element) element.scrollLeft = tab.offsetLeft - (element.clientWidth - tab.offsetWidth) / 2;
  }, [currentTo]);
  const frameClass = ['tab-links', wrap && 'tab-links-wrap', hidden.start && 'has-more-start', hidden.end && 'has-more-end'].filter(Boolean).join(' ');
  return (
    <nav className={frameClass} aria-label={label}>
      <div ref={row} className="tab-links-row">
        {tabs.map((tab) => (
          <Link
            key={tab.to}
            ref={tab.isCurrent ? currentTab : undefined}
            to={tab.to}
            replace={replace}
            className="tab-link"
            aria-current={tab.isCurrent ? 'page' : undefined}
          >
            {tab.count ? (
              <span>
                {tab.label}
                <span className="visually-hidden">, {tab.countLabel ?? tab.count}</span>
                <span className="tab-count" aria-hidden="true">
                  {tab.count}
                </span>
              </span>
            ) : (
              tab.label
            )}
          </Link>
        ))}
      </div>
    </nav>
  );
}
