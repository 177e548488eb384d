/**
 * Sessions that end (issue 28 'Sessions'): logout, a refreshed token's old one, a password change or reset, an
 * account taken over by its proved owner. Routes say so here; the chat hub (use-cases/chat-socket.ts) listens and closes
 * that session's sockets at once, on every API process (socket.io's adapter carries the disconnect). A socket no
 * longer lives on until the next session check.
 */
export type SessionEnd =
  /** One token ended (a traveller's or a staff member's). */
  | { kind: 'token'; token: string }
  /** Every token of a traveller ended, but `keep` (the one that changed the password). */
  | { kind: 'traveller'; travellerId: number; keep?: string };

export class SessionEvents {
  private readonly listeners = new Set<(end: SessionEnd) => void>();

  on(listener: (end: SessionEnd) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  ended(end: SessionEnd): void {
    for (const listener of this.listeners) listener(end);
  }
}
