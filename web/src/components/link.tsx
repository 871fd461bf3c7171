// The app's links: react-router's Link without its framework-mode prefetching (PrefetchPageLinks and the
// route-module code behind it), which a declarative <BrowserRouter> app never runs but which Link keeps
// in every page's JavaScript (~2 KB gzip of the entry chunk). Built from react-router's
// public hooks, as its documentation suggests for a custom link: the same href, the same client-side
// navigation on a plain click, and the browser's own behaviour for a modified click or another target.
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** History state handed to the page it opens (react-router's location.state). */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}
