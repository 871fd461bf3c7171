// The table stream consumers' settings, defined once for the stack's event source mappings
// (constructs/stream-consumer.ts) and the local poller (local/table-stream.ts).

/** Records per invocation at most. */
export const STREAM_BATCH_SIZE = 100;
/** Retries of a failed batch (Lambda bisects it in the cloud) before its records go to the on-failure queue. */
export const STREAM_RETRY_ATTEMPTS = 3;
/** A consumer's function timeout. */
export const STREAM_WORKER_TIMEOUT_SECONDS = 60;
/** The local poller waits at most this long to gather a batch, whatever a consumer's window. */
export const LOCAL_BATCHING_WINDOW_MS = 250;
