/**
 * Data layer of the tokens of e-mailed links (migration 0008): password reset, e-mail confirmation, one-time
 * sign-in. A token is 32 random bytes (base64url) and is stored only as its SHA-256; each works once.
 */
import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../index';
import type { LinkPurpose, LinkTokenTable } from '../schema';
import { prepared, type Arg } from '../prepared';
import { accountsDb, tokenHash, type AccountsKysely } from './travellers';

export type LinkToken = Selectable<LinkTokenTable>;

export interface NewLinkToken {
  purpose: LinkPurpose;
  travellerId: number | null;
  login: string | null;
  lifetimeMs: number;
}

export async function issueLinkToken(db: Db, link: NewLinkToken, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertLink.run(accountsDb(db), {
    token_hash: tokenHash(token), purpose: link.purpose, traveller_id: link.travellerId, login: link.login,
    expires_at: new Date(now.getTime() + link.lifetimeMs).toISOString(), created_at: now.toISOString(),
  });
  return token;
}

type NewLinkRow = Omit<LinkToken, 'used_at'>;
const insertLink = prepared((k: AccountsKysely, arg: Arg<NewLinkRow>) => k.insertInto('link_tokens').values({
  token_hash: arg('token_hash'), purpose: arg('purpose'), traveller_id: arg('traveller_id'), login: arg('login'), expires_at: arg('expires_at'), used_at: null,
  created_at: arg('created_at'),
}));

/** The token's row while it is unused and unexpired (checking a link before using it). */
export async function liveLinkToken(db: Db, token: string, purpose: LinkPurpose, now: Date): Promise<LinkToken | undefined> {
  return accountsDb(db).selectFrom('link_tokens').selectAll()
    .where('token_hash', '=', tokenHash(token)).where('purpose', '=', purpose).where('used_at', 'is', null).where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/** Uses a token, once: its row, or undefined when it is unknown, expired, of another purpose or already used. */
export async function spendLinkToken(db: Db, token: string, purpose: LinkPurpose, now: Date): Promise<LinkToken | undefined> {
  const row = await liveLinkToken(db, token, purpose, now);
  if (!row) return undefined;
  const result = await accountsDb(db).updateTable('link_tokens').set({ used_at: now.toISOString() })
    .where('token_hash', '=', row.token_hash).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? row : undefined;
}

/** Ends a traveller's unused links of a purpose (a newer link replaces them; a password reset ends the others). */
export async function expireLinkTokens(db: Db, travellerId: number, purpose: LinkPurpose, now: Date): Promise<void> {
  await accountsDb(db).updateTable('link_tokens').set({ expires_at: now.toISOString() })
    .where('traveller_id', '=', travellerId).where('purpose', '=', purpose).where('used_at', 'is', null).where('expires_at', '>', now.toISOString())
    .execute();
}

/** Forgets tokens created before `before`. */
export async function sweepLinkTokens(db: Db, before: Date): Promise<void> {
  await accountsDb(db).deleteFrom('link_tokens').where('created_at', '<', before.toISOString()).execute();
}
