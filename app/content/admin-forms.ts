/** The words of the admin's Forms screens (docs/decisions/220). */
export const formPickerCopy = {
  choose: "Choose a form",
  missing: "A form that no longer exists",
  manage: "Build or change forms",
} as const;

export const formsScreenCopy = {
  title: "Forms",
  lead: "Forms for landing pages: place one with the page editor's Form block. Every submission is a lead in Messages, named by its form.",
  listHeading: "Your forms",
  empty: "No forms yet. Build the first one below.",
  newForm: "New form",
  edit: "Edit",
  submissions: (count: number) => `Submissions (${count})`,
  builderNew: "Build a form",
  builderEdit: (name: string) => `Edit “${name}”`,
  name: "Form name",
  submitLabel: "Button label",
  successMessage: "Thank-you text",
  fieldsHeading: "Fields",
  field: (index: number) => `Field ${index}`,
  fieldLabel: "Label",
  fieldName: "Name (in the CSV and the API)",
  fieldType: "Type",
  fieldRequired: "Required",
  fieldOptions: "Options (one a line)",
  addField: "Add field",
  removeField: (label: string) => `Remove ${label}`,
  moveUp: (label: string) => `Move ${label} up`,
  moveDown: (label: string) => `Move ${label} down`,
  save: "Save form",
  saving: "Saving…",
  saved: "Form saved",
  failed: "The form was not saved",
  cancel: "Cancel",
} as const;

export const submissionsCopy = {
  title: (name: string) => `Submissions of “${name}”`,
  back: "All forms",
  empty: "No submissions yet.",
  when: "Received",
  source: "Source",
  exportCsv: "Export CSV",
  exportFailed: "The export failed. Please try again.",
} as const;
