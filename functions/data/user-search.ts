// The operator's user search: an index of every user by the pieces of their name and email, so any part
// of either finds them with a few Queries whose cost follows the users sharing a piece, never the table.
// Items, per user (written with the PROFILE on registration, renewed on every rename; users.ts):
//   one per distinct trigram of the lower-case name and of the email's first EMAIL_INDEXED_LENGTH characters
//     pk=USEARCH#3#<trigram>  sk=USER#<id>  terms=<lower-case name>\n<email>   (at most 28 + 38 = 66)
//   two for the start of the email (1 and 2 characters)
//     pk=USEARCH#E#<prefix>   sk=USER#<id>  email
// Access patterns:
//   users whose name or email contains q (3 or more characters)
//     -> Query USEARCH#3#<t> for up to 4 of q's trigrams at once, page by page, FilterExpression
//        contains(terms, q), until one of them is read whole (every match: each match has every trigram of
//        q) or holds `enough` matches. The profiles are read afterwards and checked again.
//   users whose email starts with q (1 or 2 characters) -> Query USEARCH#E#<q>, Limit
// The index holds candidates only: what it answers is checked against the PROFILE, so an entry left
// behind by two renames at once never shows a wrong user, it only costs a read.
import type { Item, TransactItem } from '#functions/platform/dynamodb.ts';
import { queryPage, tableName } from '#functions/platform/dynamodb.ts';
import { userPk } from './keys.ts';

/** Only an email's first characters are indexed: every index item is in the registration's transaction (100 at most). */
export const EMAIL_INDEXED_LENGTH = 40;
/** Trigram partitions read at once for one search. */
const SEARCHED_TRIGRAMS = 4;
/** Items a page of one partition evaluates (the filter applies after). */
const PAGE_SIZE = 400;
/** Rounds of pages before a search answers what it has: a bound even for a query every user matches in pieces. */
const MAX_ROUNDS = 25;

export interface SearchableUser {
  id: string;
  userName: string;
  email: string;
}

const trigramPk = (trigram: string) => `USEARCH#3#${trigram}`;
const emailPrefixPk = (prefix: string) => `USEARCH#E#${prefix}`;

/** The distinct trigrams of a text, by code point, in order of first appearance. */
export function trigramsOf(text: string): string[] {
  const chars = [...text];
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(''));
  return [...grams];
}

/** The trigrams a user is indexed under: the name's whole, then the email's first characters. */
export function indexedTrigrams(user: Pick<SearchableUser, 'userName' | 'email'>): string[] {
  const email = [...user.email.toLowerCase()].slice(0, EMAIL_INDEXED_LENGTH).join('');
  return [...new Set([...trigramsOf(user.userName.toLowerCase()), ...trigramsOf(email)])];
}

const termsOf = (user: SearchableUser) => `${user.userName.toLowerCase()}\n${user.email.toLowerCase()}`;

const put = (item: Item): TransactItem => ({ Put: { TableName: tableName(), Item: item } });
const del = (pk: string, userId: string): TransactItem => ({ Delete: { TableName: tableName(), Key: { pk, sk: userPk(userId) } } });

function trigramPuts(user: SearchableUser): TransactItem[] {
  const terms = termsOf(user);
  return indexedTrigrams(user).map((trigram) => put({ pk: trigramPk(trigram), sk: userPk(user.id), entity: 'user-search', userId: user.id, terms }));
}

function emailPrefixPuts(user: SearchableUser): TransactItem[] {
  const chars = [...user.email.toLowerCase()];
  return [1, 2]
    .filter((length) => chars.length >= length)
    .map((length) => put({ pk: emailPrefixPk(chars.slice(0, length).join('')), sk: userPk(user.id), entity: 'user-search', userId: user.id, email: user.email.toLowerCase() }));
}

/** Every index item of a user (Puts: writing them again changes nothing). */
export const searchIndexItems = (user: SearchableUser): TransactItem[] => [...trigramPuts(user), ...emailPrefixPuts(user)];

/**
 * A change of name: the new name's items (every trigram item carries the terms, so all are put again)
 * and the Deletes of the old name's trigrams the new one does not have. The email's start is unchanged.
 */
export function renamedIndexItems(user: SearchableUser, previousName: string): TransactItem[] {
  const kept = new Set(indexedTrigrams(user));
  const gone = indexedTrigrams({ userName: previousName, email: user.email }).filter((trigram) => !kept.has(trigram));
  return [...trigramPuts(user), ...gone.map((trigram) => del(trigramPk(trigram), user.id))];
}

/** Up to SEARCHED_TRIGRAMS of the query's trigrams, spread over it (its first and last among them). */
function searchedTrigrams(query: string): string[] {
  const all = trigramsOf(query);
  if (all.length <= SEARCHED_TRIGRAMS) return all;
  const step = (all.length - 1) / (SEARCHED_TRIGRAMS - 1);
  return [...new Set(Array.from({ length: SEARCHED_TRIGRAMS }, (_, i) => all[Math.round(i * step)]))];
}

export interface SearchCandidate {
  userId: string;
  /** `<lower-case name>\n<email>` as indexed. */
  terms: string;
}

/**
 * Users whose indexed name or email contains `query` (lower case, 3 or more characters): every one when a
 * searched partition was read whole, else at least `enough` of them (the first partition to hold that many).
 */
export async function usersContaining(query: string, enough: number): Promise<SearchCandidate[]> {
  const cursors = searchedTrigrams(query).map((trigram) => ({ pk: trigramPk(trigram), next: undefined as Item | undefined, found: [] as SearchCandidate[], whole: false }));
  if (cursors.length === 0) return [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    await Promise.all(
      cursors.map(async (cursor) => {
        const { items, nextKey } = await queryPage({
          KeyConditionExpression: 'pk = :pk',
          FilterExpression: 'contains(terms, :query)',
          ProjectionExpression: 'userId, terms',
          ExpressionAttributeValues: { ':pk': cursor.pk, ':query': query },
          ExclusiveStartKey: cursor.next,
          Limit: PAGE_SIZE,
        });
        cursor.found.push(...items.map((item) => ({ userId: item.userId as string, terms: item.terms as string })));
        cursor.next = nextKey;
        cursor.whole = nextKey === undefined;
      }),
    );
    // Of the partitions read whole, the fullest: one can lack a user whose very long email was indexed in part.
    const whole = cursors.filter((cursor) => cursor.whole);
    const answer = whole.length > 0 ? whole.reduce((most, cursor) => (cursor.found.length > most.found.length ? cursor : most)) : cursors.find((cursor) => cursor.found.length >= enough);
    if (answer) return answer.found;
  }
  return cursors.reduce((most, cursor) => (cursor.found.length > most.found.length ? cursor : most)).found;
}

/** Up to `limit` ids of users whose email starts with `prefix` (1 or 2 characters, lower case). */
export async function usersWithEmailStart(prefix: string, limit: number): Promise<string[]> {
  const { items } = await queryPage({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': emailPrefixPk(prefix) }, Limit: limit });
  return items.map((item) => item.userId as string);
}
