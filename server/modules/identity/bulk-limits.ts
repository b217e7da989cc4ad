/** The most users one bulk action may act on ("all matching" a filter); the user list counts exactly up to it. */
export const maxBulkUsers = 10_000;
