import { useId, useImperativeHandle, useRef, useState } from "react";
import { adminTexts, postFieldLabels } from "../../../domain/admin-messages";
import { POST_LIMITS, postInputSchema, type NEW_POST_DEFAULTS, type PostInput } from "../../../domain/blog-post";
import { slugify } from "../../../domain/slug";
import { fieldErrors } from "../../../domain/validation";
import { UPLOAD_TARGETS, mediaMessages } from "../../../domain/media";
import type { PostWorkflowValues } from "../../../domain/post-publishing";
import { AdminButton, adminInputClass, fieldLabelClass } from "./admin-form";
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
import { LabelledField } from "../ui/labelled-field";

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

type PostFormProps = {
  mode: "create" | "edit";
  initial: PostDraft;
  onSave: (values: PostInput) => Promise<SaveOutcome>;
  /** Called after each change the person makes (the autosave listens). */
  onChange?: () => void;
  handleRef?: React.Ref<PostFormHandle>;
  /** Shown beside Save Draft and Publish (autosave status, Preview). */
  actions?: React.ReactNode;
};

/**
 * The post editor's form. While creating, the slug follows the title until it is edited by
 * hand. Save Draft submits published false, Publish submits published true; both are checked
 * with the shared schema first, and the server's field errors are shown the same way.
 */
export function PostForm({ mode, initial, onSave, onChange, handleRef, actions }: PostFormProps) {
  const formId = useId();
  const editorRef = useRef<RichTextHandle>(null);
  const workflowRef = useRef<PostWorkflowHandle>(null);
  const { content: initialContent, workflow: initialWorkflow = { ...EMPTY_WORKFLOW, published: false } } = initial;
  const [values, setValues] = useState(initial.values);
  const [slugEdited, setSlugEdited] = useState(mode === "edit");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  usePostFormHandle(handleRef, { values, setValues, editorRef, workflowRef, initialContent, initialWorkflow, clearErrors: () => showErrors({}, undefined) });

  function showErrors(fields: Record<string, string>, message: string | undefined) {
    setErrors(fields);
    setFormError(message);
    const first = firstErrorField(fields);
    if (first) focusField(first);
  }

  const fieldId = (name: string) => `${formId}-${name}`;

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
    if (!parsed.success) return showErrors(fieldErrors(parsed.error), adminTexts.fixFields);
    showErrors({}, undefined);
    setSaving(true);
    const outcome = await onSave(parsed.data);
    setSaving(false);
    if (!outcome.ok) {
      const fields = outcome.fields ?? {};
      showErrors(fields, Object.keys(fields).length > 0 ? adminTexts.fixFields : outcome.error);
    }
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void submit(submitter?.getAttribute("value") === "publish");
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-8">
      <div className="grid gap-6 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <PostTextField
            key={field.name}
            field={field}
            id={fieldId(field.name)}
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(value) => setField(field.name, value)}
          />
        ))}
      </div>

      <ContentField editorRef={editorRef} id={fieldId("content")} initialHtml={initialContent} error={errors.content} onChange={onChange} />

      <FeaturedCheckbox
        checked={values.featured}
        onChange={(featured) => {
          setValues((current) => ({ ...current, featured }));
          onChange?.();
        }}
      />

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

      <SaveButtons actions={actions} saving={saving} />
    </form>
  );
}

type FieldSpec = (typeof FIELDS)[number];

/** What the editorial workflow reads from the form and loads into it (autosave, revisions). */
function usePostFormHandle(
  handleRef: React.Ref<PostFormHandle> | undefined,
  form: {
    values: PostFormValues;
    setValues: (values: PostFormValues) => void;
    editorRef: React.RefObject<RichTextHandle | null>;
    workflowRef: React.RefObject<PostWorkflowHandle | null>;
    initialContent: string;
    initialWorkflow: PostWorkflowValues & { published: boolean };
    clearErrors: () => void;
  },
) {
  const { editorRef, workflowRef, initialContent, initialWorkflow } = form;
  const latest = useRef(form);
  latest.current = form;
  useImperativeHandle(
    handleRef,
    () => ({
      read: () => ({
        values: { ...latest.current.values, ...(workflowRef.current?.read() ?? workflowFormValues(initialWorkflow)) },
        content: editorRef.current?.getHtml() ?? initialContent,
      }),
      load: (next, content) => {
        const { publish_at, meta_title, meta_description, social_image_url, ...own } = next;
        latest.current.setValues(own);
        workflowRef.current?.load({ publish_at, meta_title, meta_description, social_image_url });
        latest.current.clearErrors();
        editorRef.current?.setHtml(content);
      },
    }),
    [initialContent, initialWorkflow, editorRef, workflowRef],
  );
}

/** The first field with an error, in the order of the form. */
function firstErrorField(fields: Record<string, string>): string | undefined {
  const order: string[] = [...FIELDS.map((field) => field.name), "content", ...WORKFLOW_FIELD_ORDER];
  return order.find((name) => name in fields);
}

function FeaturedCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-center gap-3 text-sm font-medium text-slate-700">
      <input
        type="checkbox"
        name="featured"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-4 w-4 rounded border-slate-300 text-indigo-700 focus:ring-indigo-600"
      />
      {adminTexts.featuredPost}
    </label>
  );
}

/** One of the post's own text fields, with an upload button under the address of an image. */
function PostTextField({ field, id, value, error, onChange }: { field: FieldSpec; id: string; value: string; error: string | undefined; onChange: (value: string) => void }) {
  const label = (
    <>
      {postFieldLabels[field.name]}
      {field.required ? <span aria-hidden="true" className="text-red-700"> *</span> : null}
    </>
  );
  return (
    <LabelledField id={id} label={label} error={error} labelClassName={fieldLabelClass} className={field.multiline ? "sm:col-span-2" : undefined}>
      {(control) => {
        const common = {
          ...control,
          name: field.name,
          value,
          maxLength: field.max,
          "aria-required": field.required || undefined,
          className: `${adminInputClass} ${error ? "border-red-600" : "border-slate-300"}`,
        };
        return (
          <>
            {field.multiline ? (
              <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
            ) : (
              <input
                {...common}
                type={field.type === "url" ? "url" : "text"}
                inputMode={field.type === "url" ? "url" : undefined}
                placeholder={field.type === "url" ? "https://" : undefined}
                onChange={(event) => onChange(event.target.value)}
              />
            )}
            {IMAGE_FIELDS.has(field.name) ? (
              <ImageUploadButton label={mediaMessages.uploadFor(UPLOAD_TARGETS[field.name as keyof typeof UPLOAD_TARGETS])} onUploaded={onChange} />
            ) : null}
          </>
        );
      }}
    </LabelledField>
  );
}

/** The body, in the rich-text editor, named by a label that is not a <label> (the editor is no input). */
function ContentField({
  editorRef,
  id,
  initialHtml,
  error,
  onChange,
}: {
  editorRef: React.Ref<RichTextHandle>;
  id: string;
  initialHtml: string;
  error: string | undefined;
  onChange: (() => void) | undefined;
}) {
  return (
    <div>
      <span id={`${id}-label`} className={fieldLabelClass}>{postFieldLabels.content}</span>
      <div className="mt-1">
        <RichTextEditor ref={editorRef} initialHtml={initialHtml} labelledBy={`${id}-label`} errorId={`${id}-error`} invalid={Boolean(error)} onChange={onChange} />
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function SaveButtons({ actions, saving }: { actions: React.ReactNode; saving: boolean }) {
  return (
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
  );
}
