// The two success illustrations of the confirm page, inline SVG drawn with the theme's colours.

/** First: a tick in a burst of confetti. */
export const BetPlacedArt = () => (
  <svg viewBox="0 0 160 160" width="160" height="160" role="img" aria-label="Bet placed">
    <circle cx="80" cy="80" r="62" fill="var(--color-primary)" fillOpacity="0.18" />
    <circle cx="80" cy="80" r="44" fill="var(--color-primary)" />
    <path d="M60 81l13 13 28-30" fill="none" stroke="var(--color-on-primary)" strokeWidth="9" strokeLinecap="round" strokeLinejoin="round" />
    <g className="confetti">
      <rect x="20" y="30" width="8" height="8" rx="2" fill="var(--color-coin)" transform="rotate(20 24 34)" />
      <rect x="128" y="26" width="8" height="8" rx="2" fill="var(--color-accent)" transform="rotate(-15 132 30)" />
      <circle cx="140" cy="110" r="5" fill="var(--color-info)" />
      <circle cx="22" cy="118" r="4" fill="var(--color-accent)" />
      <rect x="74" y="6" width="7" height="7" rx="2" fill="var(--color-info)" transform="rotate(35 77 9)" />
      <circle cx="84" cy="150" r="4" fill="var(--color-coin)" />
    </g>
  </svg>
);

/** Second: a match ticket with a stack of coins. */
export const BetTicketArt = () => (
  <svg viewBox="0 0 160 160" width="160" height="160" role="img" aria-label="Your bet ticket">
    <circle cx="80" cy="80" r="62" fill="var(--color-coin)" fillOpacity="0.16" />
    <g transform="rotate(-8 80 70)">
      <path
        d="M34 44h92v18a10 10 0 0 0 0 20v18H34V82a10 10 0 0 0 0-20z"
        fill="var(--color-surface-2)"
        stroke="var(--color-primary)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M92 48v48" stroke="var(--color-border)" strokeWidth="2" strokeDasharray="4 4" />
      <path d="M46 62h34M46 74h26M46 86h30" stroke="var(--color-text-muted)" strokeWidth="4" strokeLinecap="round" />
      <circle cx="109" cy="72" r="9" fill="var(--color-primary)" />
    </g>
    <g stroke="var(--color-coin-edge)" strokeWidth="2">
      <ellipse cx="112" cy="126" rx="20" ry="7" fill="var(--color-coin)" />
      <ellipse cx="112" cy="118" rx="20" ry="7" fill="var(--color-coin)" />
      <ellipse cx="112" cy="110" rx="20" ry="7" fill="var(--color-coin)" />
    </g>
  </svg>
);
