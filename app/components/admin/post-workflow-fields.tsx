import { useImperativeHandle, useState } from "react";
import type { PostInput } from "../../../domain/blog-post";
import { POST_WORKFLOW_LIMITS, postStatus, publishingTexts, type PostWorkflowValues } from "../../../domain/post-publishing";
import { UPLOAD_TARGETS, mediaMessages } from "../../../domain/media";
import { formatAdminDate } from "../../lib/dates";
import { fromLocalInput, toLocalInput } from "../../lib/admin/local-time";
import { FieldError } from "../ui/form-messages";
import { LabelledField, type FieldControlProps } from "../ui/labelled-field";
import { AdminButton, FieldLabel, adminInputClass, fieldLabelClass } from "./admin-form";
import { ImageUploadButton } from "./image-upload-button";

/**
 * What the form asks of these fields when it saves: Save Draft, Publish, Schedule, or Update of a
 * published or scheduled post, which leaves its publication as stored (decision 182).
 */
/** "review": a draft saved and submitted for review, by a role that may not publish (decision 210). */
export type SaveIntent = "draft" | "publish" | "schedule" | "update" | "review";

export type PostWorkflowHandle = {
  /** The editorial fields to send with this save. */
  input: (intent: SaveIntent) => Partial<PostInput>;
  /** The fields as they stand, for autosave, the local copy and comparisons. */
  read: () => WorkflowFormValues;
  /** Puts restored values into the fields (a revision, a recovered copy). */
  load: (values: WorkflowFormValues) => void;
};

/**
 * The scheduling and SEO fields as the editor holds them: `publish_at` a UTC instant when the
 * field names a time, "" when empty; the texts as typed.
 */
export type WorkflowFormValues = {
  publish_at: string;
  meta_title: string;
  meta_description: string;
  social_image_url: string;
};

export const WORKFLOW_FIELD_ORDER = ["publish_at", "meta_title", "meta_description", "social_image_url"] as const;

export const EMPTY_WORKFLOW: PostWorkflowValues = {
  publish_at: null,
  meta_title: "",
  meta_description: "",
  social_image_url: null,
};

/** A stored post's fields as the editor first shows them: a schedule only while it is to come. */
export function workflowFormValues(initial: PostWorkflowValues & { published: boolean }): WorkflowFormValues {
  const scheduled = postStatus(initial) === "scheduled";
  const publishAt = scheduled ? toLocalInput(initial.publish_at) : "";
  return {
    publish_at: publishAt ? fromLocalInput(publishAt) : "",
    meta_title: initial.meta_title,
    meta_description: initial.meta_description,
    social_image_url: initial.social_image_url ?? "",
  };
}

/**
 * Scheduling and SEO fields of the post editor (docs/decisions/125 and 128). Schedule publishes
 * at the chosen time; Unschedule saves the post as a draft. Save Draft and Publish keep their
 * meaning: both drop a schedule.
 */
export function PostWorkflowFields({
  ref,
  idPrefix,
  initial,
  errors,
  saving,
  onSchedule,
  onUnschedule,
  onChange,
  canSchedule = true,
}: {
  ref: React.Ref<PostWorkflowHandle>;
  idPrefix: string;
  initial: PostWorkflowValues & { published: boolean };
  errors: Record<string, string>;
  saving: boolean;
  onSchedule: () => void;
  onUnschedule: () => void;
  /** Called after each change the person makes, like the rest of the form's (autosave listens). */
  onChange?: () => void;
  /** False for a role that may not publish: no scheduling then. */
  canSchedule?: boolean;
}) {
  const scheduled = postStatus(initial) === "scheduled";
  const [publishAt, setPublishAt] = useState(scheduled ? toLocalInput(initial.publish_at) : "");
  const [metaTitle, setMetaTitle] = useState(initial.meta_title);
  const [metaDescription, setMetaDescription] = useState(initial.meta_description);
  const [socialImage, setSocialImage] = useState(initial.social_image_url ?? "");

  useImperativeHandle(
    ref,
    () => ({
      input: (intent) => ({
        publish_at: intent === "schedule" ? fromLocalInput(publishAt) : intent === "update" ? undefined : null,
        meta_title: metaTitle,
        meta_description: metaDescription,
        social_image_url: socialImage,
      }),
      read: () => ({
        publish_at: publishAt ? fromLocalInput(publishAt) : "",
        meta_title: metaTitle,
        meta_description: metaDescription,
        social_image_url: socialImage,
      }),
      load: (values) => {
        setPublishAt(values.publish_at ? toLocalInput(values.publish_at) : "");
        setMetaTitle(values.meta_title);
        setMetaDescription(values.meta_description);
        setSocialImage(values.social_image_url);
      },
    }),
    [publishAt, metaTitle, metaDescription, socialImage],
  );
  /** A setter that also tells the form something changed. */
  function changing<Value>(set: (value: Value) => void) {
    return (value: Value) => {
      set(value);
      onChange?.();
    };
  }

  const id = (name: string) => `${idPrefix}-${name}`;
  const errorId = (name: string) => `${idPrefix}-${name}-error`;
  const field = (name: string) => ({
    id: id(name),
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? errorId(name) : undefined,
    className: `${adminInputClass} ${errors[name] ? "border-red-600" : "border-slate-300"}`,
  });
  const error = (name: string) => <FieldError id={errorId(name)} error={errors[name]} />;
  const label = (name: string, text: string) => <FieldLabel htmlFor={id(name)}>{text}</FieldLabel>;

  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {canSchedule ? (
      <fieldset className="rounded-md border border-slate-200 p-4 sm:col-span-2">
        <legend className="px-1 text-sm font-semibold text-slate-900">{publishingTexts.scheduleHeading}</legend>
        {scheduled && initial.publish_at ? (
          <p className="mb-3 text-sm text-slate-700">
            {publishingTexts.scheduledFor(formatAdminDate(initial.publish_at))}
          </p>
        ) : null}
        {label("publish_at", publishingTexts.publishAtLabel)}
        <div className="flex flex-wrap items-start gap-3">
          <input
            {...field("publish_at")}
            type="datetime-local"
            step={1}
            value={publishAt}
            onChange={(event) => changing(setPublishAt)(event.target.value)}
            className={`${field("publish_at").className} max-w-xs`}
          />
          <AdminButton variant="outline" disabled={saving} onClick={onSchedule} className="mt-1 disabled:opacity-50">
            {publishingTexts.schedule}
          </AdminButton>
          {scheduled ? (
            <AdminButton variant="secondary" disabled={saving} onClick={onUnschedule} className="mt-1 disabled:opacity-50">
              {publishingTexts.unschedule}
            </AdminButton>
          ) : null}
        </div>
        {error("publish_at")}
      </fieldset>
      ) : null}

      <SeoFields
        id={id}
        errors={errors}
        values={{ metaTitle, metaDescription, socialImage }}
        setters={{ metaTitle: changing(setMetaTitle), metaDescription: changing(setMetaDescription), socialImage: changing(setSocialImage) }}
      />
    </div>
  );
}

type SeoValues = { metaTitle: string; metaDescription: string; socialImage: string };

/** The search and social fields: title, description and the social card's image. */
function SeoFields({
  id,
  errors,
  values,
  setters,
}: {
  id: (name: string) => string;
  errors: Record<string, string>;
  values: SeoValues;
  setters: { [Name in keyof SeoValues]: (value: string) => void };
}) {
  const field = (name: string, label: string, control: (props: FieldControlProps & { name: string; className: string }) => React.ReactNode) => (
    <LabelledField id={id(name)} label={label} error={errors[name]} labelClassName={fieldLabelClass}>
      {(props) => control({ ...props, name, className: `${adminInputClass} ${errors[name] ? "border-red-600" : "border-slate-300"}` })}
    </LabelledField>
  );
  return (
    <fieldset className="grid gap-4 rounded-md border border-slate-200 p-4 sm:col-span-2">
      <legend className="px-1 text-sm font-semibold text-slate-900">{publishingTexts.seoHeading}</legend>
      <p className="text-sm text-slate-600">{publishingTexts.seoHint}</p>
      {field("meta_title", publishingTexts.metaTitleLabel, (props) => (
        <input {...props} type="text" maxLength={POST_WORKFLOW_LIMITS.meta_title} value={values.metaTitle} onChange={(event) => setters.metaTitle(event.target.value)} />
      ))}
      {field("meta_description", publishingTexts.metaDescriptionLabel, (props) => (
        <textarea {...props} rows={2} maxLength={POST_WORKFLOW_LIMITS.meta_description} value={values.metaDescription} onChange={(event) => setters.metaDescription(event.target.value)} />
      ))}
      {field("social_image_url", publishingTexts.socialImageLabel, (props) => (
        <>
          <input {...props} type="url" placeholder="https://" maxLength={POST_WORKFLOW_LIMITS.url} value={values.socialImage} onChange={(event) => setters.socialImage(event.target.value)} />
          <ImageUploadButton label={mediaMessages.uploadFor(UPLOAD_TARGETS.social_image_url)} onUploaded={setters.socialImage} />
        </>
      ))}
    </fieldset>
  );
}
