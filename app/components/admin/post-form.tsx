import { useId, useImperativeHandle, useRef, useState } from "react";
import { adminTexts, postFieldLabels } from "../../../domain/admin-messages";
import { POST_LIMITS, postInputSchema, type NEW_POST_DEFAULTS, type PostInput } from "../../../domain/blog-post";
import { slugify } from "../../../domain/slug";
import { fieldErrors } from "../../../domain/validation";
import { UPLOAD_TARGETS, mediaMessages } from "../../../domain/media";
import type { PostWorkflowValues } from "../../../domain/post-publishing";
import { AdminButton, FieldLabel, adminInputClass, fieldLabelClass } from "./admin-form";
import { ImageUploadButton } from "./image-upload-button";
import {
  EMPTY_WORKFLOW,
  PostWorkflowFields,
  workflowFormValues,
  WORKFLOW_FIELD_ORDER,
  type PostWorkflowHandle,
  type SaveIntent,
  type WorkflowFormValues,
} from "./post-workflow-fields";
import { RichTextEditor, type RichTextHandle } from "./rich-text-editor";
import { FieldError, FormAlert } from "../ui/form-messages";

/** Address fields that also take an uploaded image. */
const IMAGE_FIELDS: ReadonlySet<string> = new Set(["featured_image_url", "author_avatar_url"] satisfies (keyof typeof UPLOAD_TARGETS)[]);

type FormFieldName = Exclude<keyof typeof NEW_POST_DEFAULTS, "content" | "published">;

/** The form's own values (the body lives in the editor until it is saved). */
export type PostFormValues = { [Name in FormFieldName]: Name extends "featured" ? boolean : string };

export type SaveOutcome = { ok: true } | { ok: false; fields?: Record<string, string>; error?: string };

/** Every field of the editor but the body: the form's own and the scheduling and SEO fields. */
export type EditorValues = PostFormValues & WorkflowFormValues;

/** What the editorial workflow (autosave, revisions, preview) reads from and puts into the form. */
/** What the form opens with: its values, the body and, for a stored post, scheduling and SEO. */
export type PostDraft = {
  values: PostFormValues;
  content: string;
  workflow?: PostWorkflowValues & { published: boolean };
};

export type PostFormHandle = {
  read: () => { values: EditorValues; content: string };
  load: (values: EditorValues, content: string) => void;
};

type TextField = Exclude<keyof PostFormValues, "featured">;

const disabledLook = "disabled:cursor-not-allowed disabled:opacity-50";

const FIELDS: { name: TextField; required?: boolean; multiline?: boolean; type?: "url"; max: number; hint?: string }[] = [
  { name: "title", required: true, max: POST_LIMITS.title },
  { name: "slug", required: true, max: POST_LIMITS.slug },
  { name: "category", required: true, max: POST_LIMITS.category },
  { name: "author_name", required: true, max: POST_LIMITS.author_name },
  { name: "read_time", required: true, max: POST_LIMITS.read_time },
  { name: "excerpt", multiline: true, max: POST_LIMITS.excerpt },
  { name: "featured_image_url", type: "url", max: POST_LIMITS.url },
  { name: "author_avatar_url", type: "url", max: POST_LIMITS.url },
  { name: "author_bio", multiline: true, max: POST_LIMITS.author_bio },
  { name: "author_linkedin_url", type: "url", max: POST_LIMITS.url },
];

/**
 * The post editor's form. While creating, the slug follows the title until it is edited by
 * hand. Save Draft submits published false, Publish submits published true; both are checked
 * with the shared schema first, and the server's field errors are shown the same way.
 */
export function PostForm({
  mode,
  initial,
  onSave,
  onChange,
  handleRef,
  actions,
}: {
  mode: "create" | "edit";
  initial: PostDraft;
  onSave: (values: PostInput) => Promise<SaveOutcome>;
  /** Called after each change the person makes (the autosave listens). */
  onChange?: () => void;
  handleRef?: React.Ref<PostFormHandle>;
  /** Shown beside Save Draft and Publish (autosave status, Preview). */
  actions?: React.ReactNode;
}) {
  const formId = useId();
  const editorRef = useRef<RichTextHandle>(null);
  const workflowRef = useRef<PostWorkflowHandle>(null);
  const { content: initialContent, workflow: initialWorkflow = { ...EMPTY_WORKFLOW, published: false } } = initial;
  const [values, setValues] = useState(initial.values);
  const [slugEdited, setSlugEdited] = useState(mode === "edit");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const valuesRef = useRef(values);
  valuesRef.current = values;
  useImperativeHandle(
    handleRef,
    () => ({
      read: () => ({
        values: { ...valuesRef.current, ...(workflowRef.current?.read() ?? workflowFormValues(initialWorkflow)) },
        content: editorRef.current?.getHtml() ?? initialContent,
      }),
      load: (next, content) => {
        const { publish_at, meta_title, meta_description, social_image_url, ...own } = next;
        setValues(own);
        workflowRef.current?.load({ publish_at, meta_title, meta_description, social_image_url });
        setErrors({});
        setFormError(undefined);
        editorRef.current?.setHtml(content);
      },
    }),
    [initialContent, initialWorkflow],
  );

  const fieldId = (name: string) => `${formId}-${name}`;
  const errorId = (name: string) => `${formId}-${name}-error`;

  function setField(name: TextField, value: string) {
    setValues((current) => {
      const next = { ...current, [name]: value };
      if (name === "title" && !slugEdited) next.slug = slugify(value);
      return next;
    });
    if (name === "slug") setSlugEdited(mode === "edit" || value !== "");
    onChange?.();
    setErrors((current) => {
      const next = { ...current };
      delete next[name];
      if (name === "title" && !slugEdited) delete next.slug;
      return next;
    });
  }

  function focusField(name: string) {
    if (name === "content") return editorRef.current?.focus();
    document.getElementById(fieldId(name))?.focus();
  }

  async function submit(published: boolean, intent: SaveIntent = published ? "publish" : "draft") {
    if (saving) return;
    const input = {
      ...values,
      content: editorRef.current?.getHtml() ?? initialContent,
      published,
      ...workflowRef.current?.input(intent),
    };
    const parsed = postInputSchema.safeParse(input);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      setErrors(fields);
      setFormError(adminTexts.fixFields);
      focusFirstError(fields);
      return;
    }
    setErrors({});
    setFormError(undefined);
    setSaving(true);
    const outcome = await onSave(parsed.data);
    setSaving(false);
    if (!outcome.ok) {
      const fields = outcome.fields ?? {};
      setErrors(fields);
      setFormError(Object.keys(fields).length > 0 ? adminTexts.fixFields : outcome.error);
      focusFirstError(fields);
    }
  }

  function focusFirstError(fields: Record<string, string>) {
    const order: string[] = [...FIELDS.map((field) => field.name), "content", ...WORKFLOW_FIELD_ORDER];
    const first = order.find((name) => name in fields);
    if (first) focusField(first);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void submit(submitter?.getAttribute("value") === "publish");
  }

  const contentLabelId = `${formId}-content-label`;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-8">
      <div className="grid gap-6 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const error = errors[field.name];
          const common = {
            id: fieldId(field.name),
            name: field.name,
            value: values[field.name],
            maxLength: field.max,
            "aria-required": field.required || undefined,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? errorId(field.name) : undefined,
            className: `${adminInputClass} ${error ? "border-red-600" : "border-slate-300"}`,
          };
          return (
            <div key={field.name} className={field.multiline ? "sm:col-span-2" : undefined}>
              <FieldLabel htmlFor={fieldId(field.name)}>
                {postFieldLabels[field.name]}
                {field.required ? <span aria-hidden="true" className="text-red-700"> *</span> : null}
              </FieldLabel>
              {field.multiline ? (
                <textarea
                  {...common}
                  rows={3}
                  onChange={(event) => setField(field.name, event.target.value)}
                />
              ) : (
                <input
                  {...common}
                  type={field.type === "url" ? "url" : "text"}
                  inputMode={field.type === "url" ? "url" : undefined}
                  placeholder={field.type === "url" ? "https://" : undefined}
                  onChange={(event) => setField(field.name, event.target.value)}
                />
              )}
              {IMAGE_FIELDS.has(field.name) ? (
                <ImageUploadButton
                  label={mediaMessages.uploadFor(UPLOAD_TARGETS[field.name as keyof typeof UPLOAD_TARGETS])}
                  onUploaded={(url) => setField(field.name, url)}
                />
              ) : null}
              <FieldError id={errorId(field.name)} error={error} />
            </div>
          );
        })}
      </div>

      <div>
        <span id={contentLabelId} className={fieldLabelClass}>{postFieldLabels.content}</span>
        <div className="mt-1">
          <RichTextEditor
            ref={editorRef}
            initialHtml={initialContent}
            labelledBy={contentLabelId}
            errorId={errorId("content")}
            invalid={Boolean(errors.content)}
            onChange={onChange}
          />
        </div>
        <FieldError id={errorId("content")} error={errors.content} />
      </div>

      <label className="flex items-center gap-3 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          name="featured"
          checked={values.featured}
          onChange={(event) => {
            setValues((current) => ({ ...current, featured: event.target.checked }));
            onChange?.();
          }}
          className="h-4 w-4 rounded border-slate-300 text-indigo-700 focus:ring-indigo-600"
        />
        {adminTexts.featuredPost}
      </label>

      <PostWorkflowFields
        ref={workflowRef}
        idPrefix={formId}
        initial={initialWorkflow}
        errors={errors}
        saving={saving}
        onSchedule={() => void submit(true, "schedule")}
        onUnschedule={() => void submit(false, "draft")}
        onChange={onChange}
      />

      <FormAlert error={formError} />

      <div className="flex flex-wrap items-center justify-end gap-4 border-t border-slate-200 pt-6">
        {actions}
        <div className="flex gap-3">
          <AdminButton variant="secondary" type="submit" value="draft" disabled={saving} className={disabledLook}>
            {adminTexts.saveDraft}
          </AdminButton>
          <AdminButton variant="primary" type="submit" value="publish" disabled={saving} className={disabledLook}>
            {adminTexts.publish}
          </AdminButton>
        </div>
      </div>
    </form>
  );
}
