/**
 * Business constants and limits of SPEC §9. Every other place imports them from here.
 */
export const PRODUCT_NAME = 'Orbit CRM';

/** Client and server version; a differing `System-Version` header triggers "System Update" (SPEC §8). */
export const APP_VERSION = 'v1.0.4';
export const VERSION_HEADER = 'System-Version';

export const API_PREFIX = '/dev-api';
/**
 * Orbit's own web app names itself in this header on every API call. A client that does not is
 * served as a RuoYi front end on the RuoYi-compatible routes: dates as RuoYi's server writes them
 * (`yyyy-MM-dd HH:mm:ss`, server time) and only the menus RuoYi's views can draw (docs/api-admin.md).
 */
export const CLIENT_HEADER = 'Orbit-Client';
export const ORBIT_WEB_CLIENT = 'web';
export const TOKEN_COOKIE = 'Admin-Token';

export const REQUEST_TIMEOUT_MS = 10_000_000;
export const CAPTCHA_TIMEOUT_MS = 20_000;

export const FILE_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_PAGE_NUM = 1;
/** Largest page a list endpoint serves; protects the database from `pageSize=1e9`. */
export const MAX_PAGE_SIZE = 500;

/**
 * The days a request may name (list date filters): beyond them PostgreSQL and JavaScript disagree
 * (JavaScript has a year 0, PostgreSQL does not; the day after 9999-12-31 has no four-digit year).
 */
export const EARLIEST_DAY = '1900-01-01';
export const LATEST_DAY = '2999-12-31';

export const UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024;
/** Avatar images: at most 2 MB, PNG / JPEG / GIF / WebP only (checked by content, not by name). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/**
 * "Excel files only" (SPEC §5) means the Office Open XML workbook: the old binary .xls cannot be
 * read by the spreadsheet library (docs/decisions.md, "Excel import").
 */
export const UPLOAD_EXCEL_EXTENSIONS = ['.xlsx'] as const;

export const PASSWORD_AGE_HINT_DAYS = 90;
export const REPORT_PREVIEW_LIMIT = 100;

export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 210;
export const DEFAULT_THEME_COLOR = '#5542f6';

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const FALLBACK_LANGUAGE: Language = 'zh';

export const SEARCH_FUZZY_THRESHOLD = 0.4;
/**
 * The global search reads at most this many matches of a module (names as typed first, then names
 * starting with it, then the rest) and ranks only those: a broad term costs a bounded read, and a
 * module's count beyond it is told as "more than" this (GlobalSearchResults `capped`).
 */
export const GLOBAL_SEARCH_CANDIDATES = 500;
export const ERROR_MESSAGE_DURATION_S = 5;
export const DOWNLOAD_MESSAGE_DURATION_S = 3;

export const MOCK_SUCCESS_CODE = 20000 as const;
/** The template demo's mock role keys are drawn from this range (SPEC §9). */
export const MOCK_ROLE_KEY_MIN = 300;
export const MOCK_ROLE_KEY_MAX = 5000;

/** File record status (SPEC §4). */
export const FILE_STATUS = { generating: 0, available: 1, failed: 3 } as const;
/** File record type (SPEC §2, file management dialog). */
export const FILE_TYPE = { upload: 0, download: 1 } as const;

/**
 * Sign-in protection (README "Sign-in protection"): wrong passwords are counted per account and
 * client address, and more loosely per account across all addresses, in windows of
 * LOGIN_LOCK_MINUTES from the first counted attempt.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_ACCOUNT_MAX_FAILURES = 20;
export const LOGIN_LOCK_MINUTES = 10;
export const CAPTCHA_TTL_SECONDS = 120;
/** Captcha pictures one client address may fetch per minute. */
export const CAPTCHA_PER_MINUTE = 30;

/** E-mail codes for password reset and code sign-in. */
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_MINUTES = 10;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const EMAIL_CODE_RESEND_SECONDS = 60;
/**
 * Against mail flooding: codes mailed to one address (all purposes, all clients), and codes asked
 * for from one client address (to any addresses), within EMAIL_CODE_LIMIT_MINUTES.
 */
export const EMAIL_CODE_PER_ADDRESS = 5;
export const EMAIL_CODE_PER_CLIENT = 20;
export const EMAIL_CODE_LIMIT_MINUTES = 60;

/** The view of the dashboards page: a role with a landing dashboard gets its tab pinned (SPEC §2's second reading of `/`). */
export const DASHBOARD_VIEW = 'crm/dashboard/index';

/** Field limits shared by the forms and the server. */
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
/**
 * The least strength a password being set must have, on zxcvbn's scale of 0 to 4: 3 is "safely
 * unguessable", about 10^8 guesses or more (docs/decisions.md, "Password strength").
 */
export const PASSWORD_MIN_STRENGTH = 3;
export const EMAIL_MAX = 100;
/** A profile's introduction, counted as SPEC §5 counts text (double-width characters as 2). */
export const INTRODUCTION_MAX = 500;

/** Envelope codes. */
export const CODE = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  /** An upload over its size limit (a record's files). */
  tooLarge: 413,
  tooMany: 429,
  error: 500,
  /** The database cannot be reached (restart, failover): the request may be retried. */
  unavailable: 503,
  /** Template code for "other client logged in" style errors, shown like 500 (SPEC §8). */
  illegalToken: 50014,
} as const;

/** Super administrator: the user with this id can never be edited, disabled or deleted by anyone. */
export const SUPER_ADMIN_USER_ID = 1;
export const ADMIN_ROLE_KEY = 'admin';
export const ALL_PERMISSION = '*:*:*';

/** The dictionary of opportunity stages; each value carries its win probability (0–100) in `extra.probability`. */
export const OPPORTUNITY_STAGE_DICT = 'crm_opportunity_stage';
/** The dictionary of a lead's status as a member of a campaign (sent, responded…). */
export const CAMPAIGN_MEMBER_STATUS_DICT = 'crm_campaign_member_status';
/** The dictionary of the part a contact plays in an opportunity (decision maker, economic buyer…). */
export const CONTACT_ROLE_DICT = 'crm_contact_role';

/**
 * The setting `sys.tabs.max` (SETTING_KEYS.maxTabs; here so that the web reads it without the contract's zod): at most this many tabs are open in the tab
 * strip; over it the least recently used unpinned tab closes.
 */
export const MAX_TABS_SETTING_KEY = 'sys.tabs.max';
export const MAX_TABS_DEFAULT = 10;
export const MAX_TABS_RANGE = { min: 5, max: 30 } as const;
