import { useId, useImperativeHandle, useRef, useState } from "react";
import { adminTexts, postFieldLabels } from "../../../domain/admin-messages";
import { POST_LIMITS, postInputSchema, type NEW_POST_DEFAULTS, type PostInput } from "../../../domain/blog-post";
import { slugify } from "../../../domain/slug";
import { fieldErrors } from "../../../domain/validation";
import { UPLOAD_TARGETS, mediaMessages } from "../../../domain/media";
import { imageAltTexts, imagesWithoutAlt } from "../../../domain/post-editor";
import { postStatus, type PostWorkflowValues } from "../../../domain/post-publishing";
import { adminInputClass, fieldLabelClass } from "./admin-form";
import { KnownAuthorsList, ReadTimeCalculate, knownProfile, useKnownAuthors } from "./editor/metadata-helpers";
import { SaveBar } from "./editor/save-bar";
import { SettingsPanel } from "./editor/settings-panel";
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

/** What a button saves: Update sends neither `published` nor `publish_at`, so the stored publication stays. */
export type PostSave =
  | { intent: Exclude<SaveIntent, "update">; input: PostInput }
  | { intent: "update"; input: Omit<PostInput, "published" | "publish_at"> };

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

/** Every field but the title moves to the settings panel (decision 182). */
const SETTINGS_FIELDS = new Set<string>(["slug", "category", "author_name", "read_time", "excerpt", "featured_image_url", "author_avatar_url", "author_bio", "author_linkedin_url", ...WORKFLOW_FIELD_ORDER]);

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
  onSave: (save: PostSave) => Promise<SaveOutcome>;
  /** Called after each change the person makes (the autosave listens). */
  onChange?: () => void;
  handleRef?: React.Ref<PostFormHandle>;
  /** Shown beside Save Draft and Publish (autosave status, Preview). */
  actions?: React.ReactNode;
  /** More panels for the settings column, under the post's own fields. */
  settingsExtra?: React.ReactNode;
  /**
   * For a role that may not publish (decision 210): Submit for review instead of Publish and
   * Schedule, no Featured; `waiting` when the post already waits for review.
   */
  review?: { waiting: boolean };
};

/** Intents that put the post (or keep it) on the site: the ones that warn about images without alt text. */
const GOING_LIVE: ReadonlySet<SaveIntent> = new Set(["publish", "schedule", "update"]);

/**
 * The post editor's form: the title and the writing area first, the metadata in a settings panel
 * beside them, the actions in a bar that stays in view (decision 182). While creating, the slug
 * follows the title until it is edited by hand. Save Draft submits published false, Publish
 * submits published true; on a published or scheduled post Update keeps its publication. All are
 * checked with the shared schema first, and the server's field errors are shown the same way.
 */
export function PostForm({ mode, initial, onSave, onChange, handleRef, actions, settingsExtra, review }: PostFormProps) {
  const formId = useId();
  const editorRef = useRef<RichTextHandle>(null);
  const workflowRef = useRef<PostWorkflowHandle>(null);
  const { content: initialContent, workflow: initialWorkflow = { ...EMPTY_WORKFLOW, published: false } } = initial;
  const live = mode === "edit" && postStatus(initialWorkflow) !== "draft";
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { values, setValues, setField, setFields } = useFormValues(initial.values, mode, onChange, setErrors);
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const altWarning = useAltWarning();

  usePostFormHandle(handleRef, { values, setValues, editorRef, workflowRef, initialContent, initialWorkflow, clearErrors: () => showErrors({}, undefined) });

  function showErrors(fields: Record<string, string>, message: string | undefined) {
    setErrors(fields);
    setFormError(message);
    const first = firstErrorField(fields);
    if (first && SETTINGS_FIELDS.has(first)) setSettingsOpen(true);
    // The panel opens first on a phone, so the field can take the focus.
    if (first) requestAnimationFrame(() => focusField(first));
  }

  const fieldId = (name: string) => `${formId}-${name}`;


  function focusField(name: string) {
    if (name === "content") return editorRef.current?.focus();
    document.getElementById(fieldId(name))?.focus();
  }

  async function submit(intent: SaveIntent) {
    if (saving) return;
    const published = intent === "update" ? initialWorkflow.published : intent !== "draft" && intent !== "review";
    const content = editorRef.current?.getHtml() ?? initialContent;
    const input = { ...values, content, published, ...workflowRef.current?.input(intent) };
    const parsed = postInputSchema.safeParse(input);
    if (!parsed.success) return showErrors(fieldErrors(parsed.error), adminTexts.fixFields);
    showErrors({}, undefined);
    if (altWarning.stops(intent, content)) return;
    setSaving(true);
    const outcome = await onSave(intent === "update" ? { intent, input: withoutPublication(parsed.data) } : { intent, input: parsed.data });
    setSaving(false);
    if (!outcome.ok) {
      const fields = outcome.fields ?? {};
      showErrors(fields, Object.keys(fields).length > 0 ? adminTexts.fixFields : outcome.error);
    }
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
    void submit(submitter === "publish" ? "publish" : submitter === "review" ? "review" : submitter === "update" && live ? "update" : "draft");
  }

  const authors = useAuthorChoice(setField, setFields);
  const authorListId = fieldId("author_name-known");
  const textField = (field: FieldSpec) => (
    <PostTextField
      key={field.name}
      field={field}
      id={fieldId(field.name)}
      value={values[field.name]}
      error={errors[field.name]}
      onChange={(value) => (field.name === "author_name" ? authors.setName(value) : setField(field.name, value))}
      listId={field.name === "author_name" ? authorListId : undefined}
      after={
        field.name === "author_name" ? (
          <KnownAuthorsList id={authorListId} authors={authors.known} filledFrom={authors.filledFrom} />
        ) : field.name === "read_time" ? (
          <ReadTimeCalculate readContent={() => editorRef.current?.getHtml() ?? initialContent} onCalculated={(readTime) => setField("read_time", readTime)} />
        ) : null
      }
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          {FIELDS.filter((field) => !SETTINGS_FIELDS.has(field.name)).map(textField)}
          <ContentField editorRef={editorRef} id={fieldId("content")} initialHtml={initialContent} error={errors.content} onChange={onChange} />
          {review ? null : (
            <FeaturedCheckbox
              checked={values.featured}
              onChange={(featured) => {
                setValues((current) => ({ ...current, featured }));
                onChange?.();
              }}
            />
          )}
        </div>
        <SettingsPanel open={settingsOpen} onToggle={setSettingsOpen}>
          <div className="grid gap-6">{FIELDS.filter((field) => SETTINGS_FIELDS.has(field.name)).map(textField)}</div>
          <PostWorkflowFields
            ref={workflowRef}
            idPrefix={formId}
            initial={initialWorkflow}
            errors={errors}
            saving={saving}
            onSchedule={() => void submit("schedule")}
            onUnschedule={() => void submit("draft")}
            onChange={onChange}
            canSchedule={!review}
          />
          {settingsExtra}
        </SettingsPanel>
      </div>

      <FormAlert error={formError} />

      <SaveBar live={live} saving={saving} status={actions} warning={altWarning.text} review={review} />
    </form>
  );
}

/**
 * The form's own values. While creating, the slug follows the title until it is edited by hand;
 * a change clears the field's error (and the slug's, when the title wrote it).
 */
function useFormValues(
  initial: PostFormValues,
  mode: "create" | "edit",
  onChange: (() => void) | undefined,
  setErrors: React.Dispatch<React.SetStateAction<Record<string, string>>>,
) {
  const [values, setValues] = useState(initial);
  const [slugEdited, setSlugEdited] = useState(mode === "edit");

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

  /** Several fields at once (a known author's profile), as if typed. */
  function setFields(fields: Partial<Record<TextField, string>>) {
    setValues((current) => ({ ...current, ...fields }));
    onChange?.();
  }

  return { values, setValues, setField, setFields };
}

/**
 * Images without a description, when the post goes (or stays) live: said once, and the same button
 * then saves anyway (decision 183). `stops` is true when this press only showed the warning.
 */
function useAltWarning() {
  const [warning, setWarning] = useState<{ shown: boolean; text?: string }>({ shown: false });
  return {
    text: warning.text,
    stops(intent: SaveIntent, content: string): boolean {
      const undescribed = GOING_LIVE.has(intent) ? imagesWithoutAlt(content) : 0;
      if (undescribed > 0 && !warning.shown) {
        setWarning({ shown: true, text: imageAltTexts.missingWarning(undescribed) });
        return true;
      }
      setWarning((current) => ({ shown: current.shown }));
      return false;
    },
  };
}

/** The author's name; a name used before also brings its latest profile (decision 184). */
function useAuthorChoice(setField: (name: "author_name", value: string) => void, setFields: (fields: Partial<Record<TextField, string>>) => void) {
  const known = useKnownAuthors();
  const [filledFrom, setFilledFrom] = useState<string>();
  return {
    known,
    filledFrom,
    setName(name: string) {
      setField("author_name", name);
      const profile = knownProfile(known, name);
      if (profile) setFields(profile);
      setFilledFrom(profile ? name : undefined);
    },
  };
}

/** An update's fields without its publication: the stored `published` and `publish_at` stay. */
function withoutPublication(input: PostInput): Omit<PostInput, "published" | "publish_at"> {
  const rest: Omit<PostInput, "published" | "publish_at"> & Partial<Pick<PostInput, "published" | "publish_at">> = { ...input };
  delete rest.published;
  delete rest.publish_at;
  return rest;
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
function PostTextField({
  field,
  id,
  value,
  error,
  onChange,
  after,
  listId,
}: {
  field: FieldSpec;
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  /** Under the field: what helps to fill it (known authors, the read-time estimate). */
  after?: React.ReactNode;
  /** A datalist of suggestions for the field. */
  listId?: string;
}) {
  const label = (
    <>
      {postFieldLabels[field.name]}
      {field.required ? <span aria-hidden="true" className="text-red-700"> *</span> : null}
    </>
  );
  return (
    <LabelledField id={id} label={label} error={error} labelClassName={fieldLabelClass} after={after}>
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
                list={listId}
                autoComplete={listId ? "off" : undefined}
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
