/**
 * The id of the newest live event the page received (live-stream.ts sets it). Every read sends it
 * (api/client.ts, `seen-event-id`): a first page the server shares for a moment and read before
 * that event is read anew, so the page that asks again after an event sees its change
 * (docs/live.md, "Reading again after an event").
 */
let seen: string | undefined;

export function liveSeen(): string | undefined {
  return seen;
}

export function sawLive(id: string) {
  if (/^\d+$/.test(id) && (seen === undefined || BigInt(id) > BigInt(seen))) seen = id;
}
