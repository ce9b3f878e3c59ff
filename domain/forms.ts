import { z } from "zod";
import { SOURCE_FIELDS } from "./analytics";
import { FORM_FIELD_TYPES, type FormField } from "./form-entries";
import { tooLongMessage } from "./text-length";
import { singleLineString, storableString } from "./text-rules";

/**
 * A form as the team builds it in the admin (docs/decisions/220): checked by this schema in the
 * builder and again by `POST /api/admin/forms`. A problem's path names the field
 * ("fields.2.options"), so the builder puts it beside its input.
 */

export const FORM_LIMITS = { name: 120, fields: 20, fieldName: 40, label: 200, options: 30, option: 200, submitLabel: 60, successMessage: 1_000 } as const;

export const FIELD_TYPE_LABELS: Record<FormField["type"], string> = {
  text: "Text",
  email: "Email",
  long_text: "Long text",
  select: "Select",
  checkbox: "Checkbox",
  consent: "Consent checkbox (links to /privacy)",
};

export const formMessages = {
  nameRequired: "Form name is required",
  labelRequired: "Label is required",
  fieldNameFormat: "A field name is a lower-case word of letters, digits and underscores, starting with a letter",
  fieldNameReserved: "This name is kept for the visit's source",
  fieldNameTaken: "Another field of the form has this name",
  fieldsRequired: "Add at least one field",
  tooManyFields: `At most ${FORM_LIMITS.fields} fields`,
  optionsRequired: "A select needs at least one option",
  tooManyOptions: `At most ${FORM_LIMITS.options} options`,
  optionsOnlyForSelect: "Only a select has options",
  optionRequired: "An option cannot be empty",
  submitLabelRequired: "Button label is required",
  successMessageRequired: "Thank-you text is required",
  invalid: "The form has problems: see the fields marked",
  tooLong: tooLongMessage,
} as const;

/** Why a form cannot be deleted: the pages (live, scheduled or in a draft) whose blocks show it. */
export const formInUseMessage = (paths: readonly string[]) =>
  `This form is on ${paths.length === 1 ? "the page" : "the pages"} ${paths.join(", ")}: remove its block there first`;

/** Field names the form's post carries already: the visit's source (hidden fields). */
const RESERVED_NAMES = new Set<string>(SOURCE_FIELDS);

const requiredLine = (max: number, message: string) => singleLineString({ error: message }).min(1, message).max(max, tooLongMessage(max));

const fieldSchema = z
  .object({
    name: singleLineString({ error: formMessages.fieldNameFormat })
      .max(FORM_LIMITS.fieldName, tooLongMessage(FORM_LIMITS.fieldName))
      .regex(/^[a-z][a-z0-9_]*$/, formMessages.fieldNameFormat)
      .refine((name) => !RESERVED_NAMES.has(name), formMessages.fieldNameReserved),
    label: requiredLine(FORM_LIMITS.label, formMessages.labelRequired),
    type: z.enum(FORM_FIELD_TYPES),
    required: z.boolean().default(false),
    options: z
      .array(requiredLine(FORM_LIMITS.option, formMessages.optionRequired))
      .max(FORM_LIMITS.options, formMessages.tooManyOptions)
      .optional(),
  })
  .superRefine((field, context) => {
    if (field.type === "select" && !field.options?.length) context.addIssue({ code: "custom", path: ["options"], message: formMessages.optionsRequired });
    if (field.type !== "select" && field.options?.length) context.addIssue({ code: "custom", path: ["options"], message: formMessages.optionsOnlyForSelect });
  })
  .transform(({ options, ...field }): FormField => (field.type === "select" ? { ...field, options } : field));

export const formDefinitionSchema = z.object({
  name: requiredLine(FORM_LIMITS.name, formMessages.nameRequired),
  fields: z
    .array(fieldSchema, { error: formMessages.fieldsRequired })
    .min(1, formMessages.fieldsRequired)
    .max(FORM_LIMITS.fields, formMessages.tooManyFields)
    .superRefine((fields, context) => {
      const seen = new Set<string>();
      fields.forEach((field, index) => {
        if (seen.has(field.name)) context.addIssue({ code: "custom", path: [index, "name"], message: formMessages.fieldNameTaken });
        seen.add(field.name);
      });
    }),
  submit_label: requiredLine(FORM_LIMITS.submitLabel, formMessages.submitLabelRequired),
  success_message: storableString({ error: formMessages.successMessageRequired })
    .trim()
    .min(1, formMessages.successMessageRequired)
    .max(FORM_LIMITS.successMessage, tooLongMessage(FORM_LIMITS.successMessage)),
});

export type FormDefinition = z.infer<typeof formDefinitionSchema>;

/** A form as the admin lists it: its definition, when it changed, and how many submissions it has. */
export type FormSummary = FormDefinition & { id: string; created_at: string; updated_at: string; submissions: number };

/** A submission as the admin's table and the CSV show it. */
export type FormSubmission = {
  id: string;
  created_at: string;
  answers: Record<string, string | boolean>;
  landing_path: string;
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
};

/** Every problem of a definition by its full path ("fields.0.name"), for the API's 400 and the builder. */
export function formProblems(error: z.ZodError): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of error.issues) problems[issue.path.join(".") || "form"] ??= issue.message;
  return problems;
}

/** The CSV export's file name: the form's name as a slug, and the day. */
export function submissionsFileName(formName: string, now = new Date()): string {
  const slug = formName.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "form";
  return `${slug}-submissions-${now.toISOString().slice(0, 10)}.csv`;
}
