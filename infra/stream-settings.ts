// The table stream consumer's settings, defined once for the stack's event source mapping
// (constructs/stream-consumer.ts) and the local poller (local/table-stream.ts).

/**
 * Records per invocation at most. The one consumer does all the stream's work, its handlers' costs
 * per batch rather than per record (the crowd split: one transaction per event per batch), so a batch
 * takes a rush's records in few invocations; ~2 KB a record stays well inside Lambda's 6 MB payload.
 */
export const STREAM_BATCH_SIZE = 1000;
/** Retries of a failed batch (Lambda bisects it in the cloud) before its records go to the on-failure queue. */
export const STREAM_RETRY_ATTEMPTS = 3;
/** The consumer function's timeout. */
export const STREAM_WORKER_TIMEOUT_SECONDS = 60;
/** The local poller waits at most this long to gather a batch, whatever a consumer's window. */
export const LOCAL_BATCHING_WINDOW_MS = 250;
