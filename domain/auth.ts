/** Auth messages of the specification (sections 5 and 8), defined once. */
export const authMessages = {
  checking: "Checking authentication...",
  required: "Authentication required",
  requiredToCreate: "Authentication required to create posts",
  requiredToUpdate: "Authentication required to update posts",
  requiredToDelete: "Authentication required to delete posts",
  invalidCredentials: "Invalid credentials",
  passwordRequired: "Password is required",
  tooManyAttempts: "Too many failed login attempts. Please wait 15 minutes and try again.",
} as const;

/** Where the browser keeps the admin token (local storage). */
export const ADMIN_TOKEN_STORAGE_KEY = "blog_admin_token";

/** Longer than any password manager makes; keeps each guess's hashing cost bounded. */
export const PASSWORD_MAX_LENGTH = 1_024;
