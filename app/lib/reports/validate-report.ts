import { fieldErrors } from "../../../domain/validation";
import { reportInputSchema, type ReportField } from "../../../domain/vulnerability-report";

/** The report form's check in the page: the server's schema, loaded when the form is first used. */
export function validateReport(values: Record<ReportField, string>): Partial<Record<ReportField, string>> {
  const result = reportInputSchema.safeParse(values);
  return result.success ? {} : (fieldErrors(result.error) as Partial<Record<ReportField, string>>);
}
