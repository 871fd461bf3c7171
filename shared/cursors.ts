// Page cursors that the API reads and the web app writes. No zod here: a page importing a cursor must not
// bring the request schemas (and zod, ~29 KB gzip) into its first-visit JavaScript.

/** The `after` cursor that continues the upcoming-events list behind this event: `<ISO start time>_<event id>`. */
export const upcomingEventCursor = (event: { time: string; _id: string }) => `${event.time}_${event._id}`;
