/**
 * The one message for a text longer than its field allows, shared by every form's rules (posts,
 * contact, reports, login). Free of zod, so the public pages' field tables can use it too.
 */
export const tooLongMessage = (max: number) => `Must be at most ${max.toLocaleString("en-US")} characters`;
