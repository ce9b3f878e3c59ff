/**
 * An upload that sends nothing for this long holds an upload slot for nothing: it is cut. The
 * default of REPORT_UPLOAD_IDLE_TIMEOUT (docs/decisions/132).
 */
export const UPLOAD_IDLE_TIMEOUT_MS = 30_000;

/**
 * The whole body must arrive within this, however steadily it trickles: a report at its 51 MB
 * cap needs about 3.5 Mbit/s, one 10 MB file about 0.7 Mbit/s. The default of
 * REPORT_UPLOAD_TIMEOUT (docs/decisions/132).
 */
export const UPLOAD_BODY_TIMEOUT_MS = 120_000;
