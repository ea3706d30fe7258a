/** A registered trader. `email` is stored lower-cased (emails compare case-insensitively). */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  /** 10 digits. */
  phone: string;
  /** `scrypt$N$r$p$salt$hash` (see passwords.ts); never leaves the server. */
  passwordHash: string;
  /** This user's own code, to share with others. */
  referralCode: string;
  /** The referral code entered at signup, if any. */
  referredBy: string | null;
  /** PAPERTRADE, ZERODHA, IIFL, ...; null until a broker (or Practice Mode) is chosen. */
  activeBroker: string | null;
  /** The broker's client id of the linked account. */
  clientId: string | null;
  /** JSON of the user settings (core schema). */
  settings: string;
  createdAt: number;
  updatedAt: number;
}

/** One login; a token is valid only while its session is neither revoked nor expired. */
export interface SessionsTable {
  id: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

export type OtpPurpose = 'signup' | 'reset';

/** The current one-time code of a phone for one purpose (a new request replaces the old row). */
export interface OtpsTable {
  id: string;
  phone: string;
  purpose: OtpPurpose;
  /** HMAC of the code with a server key: a leaked table does not reveal (or let anyone brute-force) codes. */
  codeHash: string;
  createdAt: number;
  expiresAt: number;
  /** Tries of the code so far (the right one included: a verified code is never tried again); at most 5. */
  failedAttempts: number;
  /** When the code was entered correctly; a verified code cannot be verified again. */
  verifiedAt: number | null;
}

/** Proof that a reset OTP was verified: single use, short-lived, exchanged for a new password. */
export interface PasswordResetsTable {
  id: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** One counted event (OTP sent, login failed) for sliding-window rate limits shared by all instances. */
interface RateLimitEventsTable {
  id: string;
  key: string;
  at: number;
}

export interface AuthTables {
  users: UsersTable;
  sessions: SessionsTable;
  otps: OtpsTable;
  passwordResets: PasswordResetsTable;
  rateLimitEvents: RateLimitEventsTable;
}
