import express from "express";
import type { CaseView } from "../../domain/disclosure-case";
import { correctionTexts, isCorrectableField } from "../../domain/report-correction";
import type { AppServices } from "../context.server";
import { jsonBody, sendApiError, sendRateLimited } from "../http/api-errors.server";
import { caseDoor, linkHashOf, reportIdOf } from "./case-door.server";
import { caseView } from "./case.server";
import { correctionSchema } from "./case-schemas.server";
import { correctReport, countCorrection } from "./report-correction.server";

/**
 * Room for the three fields at their longest (50,000 + 50,000 + 20,000 characters), in any
 * script, escaped as JSON: more than the shared parser's 100 KB, so this door reads its own body,
 * after the token and the case's limit.
 */
const CORRECTION_BODY_LIMIT = "1mb";

/**
 * `PATCH /api/security/case/:token`: the reporter corrects the description, the steps to
 * reproduce or the impact until the team first changes the report's status (docs/decisions/190).
 * Answers the case (200), 400 naming the field under the report form's own rules, 409 once the
 * team has started, 429 past the case's corrections an hour.
 */
export function caseCorrectionRouter(services: AppServices) {
  const { db, logger } = services;
  const router = express.Router();

  router.patch(
    "/security/case/:token",
    caseDoor(db),
    async (_req, res, next) => {
      const limited = await countCorrection(db, reportIdOf(res));
      if (limited) return sendRateLimited(res, limited);
      next();
    },
    jsonBody(CORRECTION_BODY_LIMIT),
    async (req, res) => {
      const input = (typeof req.body === "object" && req.body !== null ? req.body : {}) as Record<string, unknown>;
      // Anything else named (the title, the severity…) is refused by name, not ignored.
      const stranger = Object.keys(input).find((name) => !isCorrectableField(name))?.slice(0, 40);
      if (stranger !== undefined) {
        const error = correctionTexts.onlyTheseFields(stranger);
        return sendApiError(res, 400, error, { [stranger]: error });
      }
      if (Object.keys(input).length === 0) return sendApiError(res, 400, correctionTexts.nothingSent);
      const parsed = correctionSchema.safeParse(input);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
        return sendApiError(res, 400, Object.values(fields)[0]!, fields);
      }
      const result = await correctReport(services, reportIdOf(res), parsed.data);
      if (!result.ok) return sendApiError(res, result.status, result.error);
      if (result.changed.length > 0) logger.info({ fields: result.changed }, "case report corrected");
      const view = (await caseView(services, reportIdOf(res), linkHashOf(res))) as CaseView;
      res.json({ case: view, changed: result.changed });
    },
  );

  return router;
}
