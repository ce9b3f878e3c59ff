import { z } from "zod";
import { authMessages, PASSWORD_MAX_LENGTH } from "./auth";
import { storableString } from "./text-rules";
import { tooLongMessage } from "./text-length";

// Apart from ./auth, whose texts every page's metadata reads: the schema library stays out of them.
/** POST /api/admin/login's body: one password, refused before hashing when it is not text. */
export const loginSchema = z.object(
  {
    password: storableString({ error: authMessages.passwordRequired })
      .min(1, authMessages.passwordRequired)
      .max(PASSWORD_MAX_LENGTH, tooLongMessage(PASSWORD_MAX_LENGTH)),
  },
  { error: authMessages.passwordRequired },
);
