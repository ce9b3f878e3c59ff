import { z } from "zod";
import { authMessages, PASSWORD_MAX_LENGTH } from "./auth";
import { storableString } from "./text-rules";
import { personEmailSchema } from "./people";
import { tooLongMessage } from "./text-length";

// Apart from ./auth, whose texts every page's metadata reads: the schema library stays out of them.
/**
 * POST /api/admin/login's body: the owner's one password, or a person's email address and
 * password (decision 208); refused before hashing when it is not text.
 */
export const loginSchema = z.object(
  {
    email: personEmailSchema.optional(),
    password: storableString({ error: authMessages.passwordRequired })
      .min(1, authMessages.passwordRequired)
      .max(PASSWORD_MAX_LENGTH, tooLongMessage(PASSWORD_MAX_LENGTH)),
  },
  { error: authMessages.passwordRequired },
);
