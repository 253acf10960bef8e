// The HTTP sessions a server holds: at most `maxSessions`, each closed after `idleMs` without a
// request. A session is busy while a request of its is open (a GET stream counts, so a connected
// client that only listens is never expired). At the cap, a new session takes the place of the
// least recently used idle one; when every session is busy there is no room, and the caller says 503.

import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** How many sessions, and for how long. */
export interface SessionLimits {
  /** Sessions open at once at most (default 100). */
  maxSessions?: number;
  /** Milliseconds a session may go without a request before it is closed (default 30 minutes; 0: never). */
  idleMs?: number;
}

/** The default cap: far more clients than one machine runs, each ~0.1 MB (docs/mcp.md). */
export const DEFAULT_MAX_SESSIONS = 100;

/** The default idle expiry: longer than a break, so a client that keeps its session finds it. */
export const DEFAULT_IDLE_MS = 30 * 60 * 1000;

/** One session: its transport, and when and how it was last used. */
export interface Session {
  id: string;
  transport: StreamableHTTPServerTransport;
  /** Requests of this session still open. */
  busy: number;
  /** When its last request started or ended (ms). */
  last: number;
  timer?: NodeJS.Timeout | undefined;
  /** Whom it was started for (a registry's team), when the endpoint tells callers apart. */
  principal?: string | undefined;
}

/** The sessions of one endpoint. */
export class SessionTable {
  private readonly sessions = new Map<string, Session>();
  /** Sessions being created: counted against the cap until they are added or dropped. */
  private opening = 0;
  readonly max: number;
  readonly idleMs: number;

  constructor(
    limits: SessionLimits,
    private readonly log: (line: string) => void,
  ) {
    this.max = limits.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.idleMs = limits.idleMs ?? DEFAULT_IDLE_MS;
  }

  get size(): number {
    return this.sessions.size;
  }

  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  /** Count `s` busy until `done` fires (the response closed). */
  track(s: Session, done: (end: () => void) => void): void {
    s.busy++;
    s.last = Date.now();
    if (s.timer) clearTimeout(s.timer);
    s.timer = undefined;
    done(() => {
      s.busy--;
      s.last = Date.now();
      if (s.busy === 0 && this.sessions.get(s.id) === s) this.arm(s);
    });
  }

  private arm(s: Session): void {
    if (this.idleMs <= 0) return;
    s.timer = setTimeout(() => {
      this.log(`skillset serve: closed session ${s.id}, idle for ${this.idleMs / 1000} s`);
      void s.transport.close();
    }, this.idleMs).unref();
  }

  /**
   * Make room for one more session: true when there is room, after closing the least recently used
   * idle session if the table is full; false when every session is busy.
   */
  reserve(): boolean {
    if (this.sessions.size + this.opening >= this.max) {
      let lru: Session | undefined;
      for (const s of this.sessions.values())
        if (s.busy === 0 && (!lru || s.last < lru.last)) lru = s;
      if (!lru) return false;
      this.log(
        `skillset serve: ${this.max} sessions open (the cap); closed the least recently used, ${lru.id}`,
      );
      this.remove(lru.id);
      void lru.transport.close();
    }
    this.opening++;
    return true;
  }

  /** The reserved place is taken by `s` (undefined: the session was not created after all). */
  settle(s?: Session): void {
    this.opening--;
    if (!s) return;
    this.sessions.set(s.id, s);
    if (s.busy === 0) this.arm(s);
  }

  remove(id: string): void {
    const s = this.sessions.get(id);
    if (s?.timer) clearTimeout(s.timer);
    this.sessions.delete(id);
  }

  /** Every session, for closing them all. */
  all(): Session[] {
    return [...this.sessions.values()];
  }
}
