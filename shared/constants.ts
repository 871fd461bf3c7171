// Business constants from the product spec (§9) and the guide. Import these; never repeat the literal.

export const API_BASE_PATH = '/api/v1';

// Accounts and security
export const PASSWORD_MIN_LENGTH = 8;
/** Checked before NFKC and hashing: a password of megabytes must not cost the server seconds. */
export const PASSWORD_MAX_LENGTH = 128;
export const USER_NAME_MIN_LENGTH = 3;
export const USER_NAME_MAX_LENGTH = 30;
export const OTP_LENGTH = 4;
export const CODE_TTL_SECONDS = 10 * 60; // verification code and reset OTP
export const CODE_MAX_WRONG_TRIES = 5;
export const CODE_CREATIONS_PER_WINDOW = 5; // per email
export const CODE_CREATION_WINDOW_SECONDS = 60 * 60;
export const LOGIN_MAX_FAILURES = 5; // per account, then throttled
export const LOGIN_LOCK_SECONDS = 15 * 60;
/** A browser's device cookie (after a login): its holder has its own budget of LOGIN_MAX_FAILURES attempts. */
export const DEVICE_COOKIE = 'deviceToken';
export const DEVICE_COOKIE_PATH = `${API_BASE_PATH}/user`;
export const DEVICE_TOKEN_TTL_SECONDS = 365 * 24 * 60 * 60;
/** The registering browser's proof that it chose the password: only it is signed in by the link. */
export const REGISTRATION_COOKIE = 'registration';
export const REGISTRATION_COOKIE_PATH = `${API_BASE_PATH}/user/verify-email`;
export const REGISTRATION_TTL_SECONDS = 24 * 60 * 60;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** How long the refresh token just replaced still renews (two tabs at once, a retry whose answer was lost). */
export const REFRESH_REUSE_GRACE_MS = 5_000;
export const ACCESS_COOKIE = 'accessToken';
export const REFRESH_COOKIE = 'refreshToken';
export const REFRESH_COOKIE_PATH = `${API_BASE_PATH}/user/refresh-token`;
export const JWT_AUDIENCE = 'bet-play-win';
export const JWT_ISSUER = 'bet-play-win';

// Avatars
export const AVATAR_MAX_BYTES = 5242880;
export const AVATAR_CROP_MAX_PX = 512;

// Money (coins are whole; cash is paise on the server, rupees on screen)
export const WELCOME_COINS = 1000;
/** Tournaments one organiser (not an operator) may create in all: enough for a season's leagues and cups, not a flood. */
export const TOURNAMENTS_PER_CREATOR = 5;
/** The daily allowance tops a bettor below COIN_BET_MIN up to this many coins (ALLOWANCE_FLOOR overrides). */
export const ALLOWANCE_FLOOR = 100;
export const COIN_BET_MIN = 50;
export const COIN_BET_MAX = 1000;
export const CASH_BET_MIN_RUPEES = 10;
export const CASH_BET_MAX_RUPEES = 50;
export const BET_MIN_CHECK = 10;
export const WIN_MULTIPLIER = 1.5;
/**
 * The underdog bonus (shared/underdog.ts): a won match bet on a side fewer than this share of the match's
 * bettors backed (counted when its result first settles) also pays UNDERDOG_BONUS_COINS, as its own entry.
 */
export const UNDERDOG_SHARE = 0.2;
export const UNDERDOG_BONUS_COINS = 25;
export const WITHDRAW_MIN_RUPEES = 10;
export const PAISE_PER_RUPEE = 100;
export const BET_WAYS = ['coin', 'cash'] as const;
export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
/** A UPI id (virtual payment address): handle@provider. */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;

// Operators: prizes, withdrawals, user search
export const CREDIT_MAX_RUPEES = 1_000_000;
export const CREDIT_MAX_COINS = 1_000_000;
export const REASON_MAX_LENGTH = 200;
export const REFERENCE_MAX_LENGTH = 100;
export const USER_SEARCH_LIMIT = 20;
export const USER_SEARCH_MAX_LENGTH = 100;
export const ADMIN_WITHDRAWALS_LIMIT = 100;

// Groups and hostels
export const GROUPS_PER_USER_MAX = 10;
export const GROUP_MAX_MEMBERS = 500;
/** GET /group/picks: the matches of one request (a list of cards asks in groups of this many). */
export const GROUP_PICKS_EVENTS_MAX = 30;
/** Up to this many backers of a winner are named; more, and the names stop one short of it and add 'and N more'. */
export const GROUP_PICKS_NAMES_SHOWN = 3;
/** Random bytes of an invite code: 128 bits (ASVS 11.5.1), 22 base64url characters. */
export const INVITE_CODE_BYTES = 16;
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const TOURNAMENT_HOSTELS_MAX = 20;

// Notifications
export const NOTIFICATION_FILTERS = ['all', 'unreads'] as const;
export const NOTIFICATION_LIST_LIMIT = 100;
/** 'Mark all as read' marks this many per transaction (plus the unread count: within DynamoDB's 100 items). */
export const NOTIFICATION_READ_ALL_BATCH = 50;

// Coin history (GET /wallet/ledger)
export const LEDGER_PAGE_SIZE = 20;
export const LEDGER_PAGE_MAX = 50;

// Catalogue and leaderboards
export const LEADERBOARD_SIZE = 100;
export const TOURNAMENT_TITLE_MAX_LENGTH = 80;
/** A tournament image's address: far above any real one, well under an item's size. */
export const PREVIEW_IMG_MAX_LENGTH = 2048;
export const TEAM_NAME_MAX_LENGTH = 40;
export const MEMBER_NAME_MAX_LENGTH = 40;
export const TEAM_MAX_MEMBERS = 30;
/** A match's venue: a ground's name, as short as a team's. */
export const VENUE_MAX_LENGTH = 60;
/** Teams one paste may add (a big fest's roster), and matches: each fits one transaction of 100 items. */
export const BULK_TEAMS_MAX = 64;
export const BULK_FIXTURES_MAX = 100;
/** Teams one generated format takes (shared/format-plan.ts). */
export const FORMAT_TEAMS_MAX = 64;

// Web app timings (ms)
export const AUTH_STATUS_DELAY_MS = 600;
export const LOADER_HINT_1_MS = 5000;
export const LOADER_HINT_2_MS = 15000;
export const DROPDOWN_CLOSE_MS = 350;
export const POPUP_CLOSE_MS = 300;
export const TOAST_DEFAULT_MS = 5000;
export const TOAST_SHORT_MS = 2500;
export const CASH_NOTICE_MS = 5000;
export const RESEND_COUNTDOWN_S = 90;
export const SUCCESS_FIRST_IMAGE_MS = 1500;
export const COUNTDOWN_REFRESH_MS = 60_000;
/** Upcoming matches across tournaments (GET /game/event-list with no tournament) come this many a page. */
export const UPCOMING_EVENTS_PAGE_SIZE = 20;
export const UNREAD_BADGE_LIMIT = 100;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const DEFAULT_TAB_NAME = 'Fun app';
export const HOME_TAB_NAME = 'Bet, Play, Win';
export const THEME_STORAGE_KEY = 'theme';
export const SUPPORT_EMAIL = 'support@betplaywin.app';

// Terms shown in the web app (spec §1, §9)
export const MINIMUM_AGE = 18;
export const WITHDRAW_PAYOUT_HOURS = 24;

// Scorer links (functions/catalog/scorer-links.ts): a referee's result stands after this many minutes
// undisputed unless the tournament says otherwise; a link lasts a day unless told; its bearer gets a
// minute's budget of requests (a tap a second with room for a burst of queued offline taps).
export const CONFIRM_AFTER_MINUTES_DEFAULT = 10;
export const CONFIRM_AFTER_MINUTES_MAX = 120;
export const SCORER_LINK_HOURS_DEFAULT = 24;
export const SCORER_LINK_HOURS_MAX = 72;
export const SCORER_LINK_NAME_MAX_LENGTH = 40;
export const SCORER_LINK_MATCHES_MAX = 50;
export const SCORER_LINKS_PER_TOURNAMENT = 50;
export const SCORER_REQUESTS_PER_MINUTE = 120;
/** The request header a referee's page sends its link's secret in (never the path: paths are logged). */
export const SCORER_TOKEN_HEADER = 'x-scorer-token';
