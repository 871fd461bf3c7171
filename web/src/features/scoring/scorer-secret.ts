// The scorer link's secret: it arrives after the # of /score#<secret> (never sent to a server), is kept
// for this tab in sessionStorage so a reload still works, and is taken off the address bar at once, so
// a screenshot or a shared address does not hand it on: the page's prefetch calls this as soon as its
// code is in, while the app still checks its session, before anything renders.

const KEY = 'scorer-secret';

type Place = Pick<Location, 'hash' | 'pathname' | 'search'>;
type Keeper = Pick<Storage, 'getItem' | 'setItem'>;
type Address = Pick<History, 'replaceState' | 'state'>;

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a mistyped link: the server refuses it with its own words
  }
};

/** Reads the secret off the address (once: it is gone after) or else from the tab's storage. */
export function takeScorerSecret(place: Place = window.location, keeper: Keeper = sessionStorage, address: Address = window.history): string | null {
  const given = decoded(place.hash.replace(/^#/, '')).trim();
  if (given) {
    try {
      keeper.setItem(KEY, given);
    } catch {
      // Storage refused (private mode): this load still works; a reload needs the link again.
    }
    // The router's own state stays, so its history keys and scroll positions hold.
    address.replaceState(address.state, '', `${place.pathname}${place.search}`);
    return given;
  }
  try {
    return keeper.getItem(KEY) || null;
  } catch {
    return null;
  }
}
