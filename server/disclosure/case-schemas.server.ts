import { z } from "zod";
import { caseTexts, CREDIT_NAME_MAX, CREDIT_URL_MAX } from "../../domain/disclosure-case";
import { singleLineString, storableString } from "../../domain/text-rules";
import { reportInputSchema } from "../../domain/vulnerability-report";

/** What the case API takes, checked on the server (docs/decisions/144). */
export const messageSchema = z.object({
  // Its length is the service's rule (replyOnCase), checked with or without files.
  body: storableString({ error: caseTexts.messageRequired }),
});

export const creditSchema = z.discriminatedUnion(
  "credit",
  [
    z.object({ credit: z.literal("anonymous") }),
    z.object({
      credit: z.literal("named"),
      name: singleLineString({ error: caseTexts.creditNameRequired })
        .trim()
        .min(1, caseTexts.creditNameRequired)
        .max(CREDIT_NAME_MAX, caseTexts.creditNameTooLong),
      url: z.preprocess(
        (value) => (typeof value === "string" ? value.trim() : value ?? ""),
        z.union([
          z.literal(""),
          z.url({ protocol: /^https?$/, error: caseTexts.creditUrlInvalid }).max(CREDIT_URL_MAX, caseTexts.creditUrlInvalid),
        ]),
      ),
    }),
  ],
  { error: caseTexts.creditChoiceInvalid },
);

export const caseLinkRequestSchema = z.object({
  reference: z.string().max(40),
  email: z.string().max(254),
});

/**
 * A correction before triage (docs/decisions/190): any of the three fields, each under the report
 * form's own rule and message (the same schema); at least one.
 */
export const correctionSchema = reportInputSchema.pick({ description: true, reproduction_steps: true, impact: true }).partial();
