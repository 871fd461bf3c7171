// A knockout match's sides and its links in the bracket: catalog/engine/formats.ts publishes them,
// settlement/advancing-on-result.ts (a result, a correction) and group-places.ts (a complete group) move
// them. The record itself is events.ts.
// Access patterns:
//   fill a side once                 -> Update EVENT SET homeTeamId or awayTeamId only while that side is empty,
//                                       the match undecided with no teams, and the other side as read; the
//                                       side filled last also sets teamIds, opens betting and ADDs bettingVersion 1
//                                       (in the result's, the correction's or the group's TransactWrite)
//   re-fill or empty a side          -> Update EVENT SET or REMOVE the side's team (condition: still the team read,
//                                       the match undecided with no teams), in the correction's TransactWrite
//   void a replaced match            -> Update EVENT SET isVoid, decidedAt, replacedBy, isBetActive false, ADD
//                                       bettingVersion 1 (condition: undecided, the side's team as read), with the
//                                       replacement's Put (events.ts newEventItem) in the correction's TransactWrite
//   re-point a winner or a feeder    -> Update EVENT SET bracket.next.eventId or bracket.feeders.<side>
//                                       (condition: still the replaced match), in the same TransactWrite
import { tableName, type TransactItem } from '#functions/platform/dynamodb.ts';
import { eventKey, type EventRecord, otherSide, type Side, sideAttribute, sideTeam, UNDECIDED } from '#functions/data/events.ts';

const STILL_OPEN_SIDES = `${UNDECIDED} AND size(teamIds) = :zero`;

/**
 * Fills a side of a knockout match with the winner of its feeder, once (the side must be empty). When
 * the other side is known already, teamIds is set and betting opens (if `openBetting`) in the same
 * Update, so the last side to fill, and only it, opens the match. Conditional on the other side being
 * as read, so two feeders decided at once cannot both think they filled the match last.
 */
export function fillSideItem(next: EventRecord, side: Side, teamId: string, openBetting: boolean): TransactItem {
  const other = sideTeam(next, otherSide(side));
  const pair = side === 'home' ? [teamId, other] : [other, teamId];
  return {
    Update: {
      TableName: tableName(),
      Key: eventKey(next.id),
      UpdateExpression: `SET ${sideAttribute(side)} = :team${other === undefined ? '' : ', teamIds = :pair, isBetActive = :open ADD bettingVersion :one'}`,
      ConditionExpression: `${STILL_OPEN_SIDES} AND attribute_not_exists(${sideAttribute(side)}) AND ${other === undefined ? `attribute_not_exists(${sideAttribute(otherSide(side))})` : `${sideAttribute(otherSide(side))} = :other`}`,
      ExpressionAttributeValues: {
        ':team': teamId,
        ':zero': 0,
        ...(other !== undefined && { ':pair': pair, ':open': openBetting, ':one': 1, ':other': other }),
      },
    },
  };
}

/** Changes (or empties, `to` undefined) a side of a knockout match whose other side is still unknown. */
export function refillSideItem(next: EventRecord, side: Side, from: string, to: string | undefined): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: eventKey(next.id),
      UpdateExpression: to === undefined ? `REMOVE ${sideAttribute(side)}` : `SET ${sideAttribute(side)} = :to`,
      ConditionExpression: `${STILL_OPEN_SIDES} AND ${sideAttribute(side)} = :from`,
      ExpressionAttributeValues: { ':zero': 0, ':from': from, ...(to !== undefined && { ':to': to }) },
    },
  };
}

/**
 * Voids a knockout match whose teams a correction changed, pointing at the match that replaces it:
 * settlement then refunds its bets as for any void (closing betting first, as any outcome does).
 */
export function voidReplacedItem(event: EventRecord, side: Side, team: string, replacementId: string, decidedAt: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: eventKey(event.id),
      UpdateExpression: 'SET isVoid = :true, decidedAt = :at, isBetActive = :false, replacedBy = :replacement ADD bettingVersion :one',
      ConditionExpression: `${UNDECIDED} AND ${sideAttribute(side)} = :team`,
      ExpressionAttributeValues: { ':true': true, ':false': false, ':at': decidedAt, ':replacement': replacementId, ':one': 1, ':team': team },
    },
  };
}

/** Points a knockout match's winner at another match (the replacement of its next one). */
export function repointNextItem(id: string, from: string, to: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: eventKey(id),
      UpdateExpression: 'SET bracket.#next.eventId = :to',
      ConditionExpression: 'bracket.#next.eventId = :from',
      ExpressionAttributeNames: { '#next': 'next' },
      ExpressionAttributeValues: { ':from': from, ':to': to },
    },
  };
}

/** Points a knockout match's side at another feeder (the replacement of the one it waited for). */
export function repointFeederItem(id: string, side: Side, from: string, to: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: eventKey(id),
      UpdateExpression: `SET bracket.feeders.${side} = :to`,
      ConditionExpression: `bracket.feeders.${side} = :from`,
      ExpressionAttributeValues: { ':from': from, ':to': to },
    },
  };
}
