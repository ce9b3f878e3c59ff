import { blockFieldLabels, blockListCopy } from "../../../content/admin-pages";
import { FieldError } from "../../ui/form-messages";
import { LabelledField, type FieldControlProps } from "../../ui/labelled-field";
import { adminInputClass, fieldLabelClass } from "../admin-form";
import type { BlockField } from "./block-field-table";
import { FormPickerField } from "./form-picker-field";
import { MediaField } from "./media-field";
import { RichTextField } from "./rich-text-field";

type Path = (string | number)[];
type Value = Record<string, unknown>;

/** What every field of one block's form shares: its ids, its problems and how it changes the block. */
export type BlockFormContext = {
  /** The element id of the field at `path` (unique on the screen: the block's id is in it). */
  fieldId: (path: Path) => string;
  /** The problem to show beside the field at `path`, if any. */
  problem: (path: Path) => string | undefined;
  change: (path: Path, value: unknown) => void;
};

const smallButton = "rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";
const inputLook = (invalid: boolean) => `${adminInputClass} ${invalid ? "border-red-600" : "border-slate-300"}`;

/** A block's form, drawn from its type's field table (block-field-table.ts). */
export function BlockFields({ fields, value, path, context }: { fields: readonly BlockField[]; value: Value; path: Path; context: BlockFormContext }) {
  return (
    <div className="grid gap-4">
      {fields.map((field) => {
        if ("when" in field && field.when && !field.when(value)) return null;
        return <OneField key={field.name} field={field} value={value[field.name]} path={[...path, field.name]} context={context} />;
      })}
    </div>
  );
}

function OneField({ field, value, path, context }: { field: BlockField; value: unknown; path: Path; context: BlockFormContext }) {
  const label = blockFieldLabels[field.label];
  const id = context.fieldId(path);
  const error = context.problem(path);
  const simple = (control: (props: FieldControlProps) => React.ReactNode) => (
    <LabelledField id={id} label={label} error={error} labelClassName={fieldLabelClass}>
      {control}
    </LabelledField>
  );
  const set = (next: unknown) => context.change(path, next);
  switch (field.kind) {
    case "line":
    case "date":
      return simple((props) => (
        <input {...props} name={path.join(".")} type={field.kind === "date" ? "date" : "text"} value={String(value ?? "")} onChange={(event) => set(event.target.value)} className={inputLook(Boolean(error))} />
      ));
    case "media":
      return (
        <MediaField
          id={id}
          name={path.join(".")}
          label={label}
          value={String(value ?? "")}
          error={error}
          inputClassName={inputLook(Boolean(error))}
          nextId={context.fieldId([...path.slice(0, -1), field.next])}
          onChange={set}
        />
      );
    case "html":
      return <RichTextField id={id} label={label} value={String(value ?? "")} error={error} onChange={set} />;
    case "text":
      return simple((props) => (
        <textarea {...props} name={path.join(".")} rows={3} value={String(value ?? "")} onChange={(event) => set(event.target.value)} className={inputLook(Boolean(error))} />
      ));
    case "number":
      return simple((props) => (
        <input
          {...props}
          name={path.join(".")}
          type="number"
          min={field.min}
          max={field.max}
          value={typeof value === "number" ? value : ""}
          onChange={(event) => set(event.target.value === "" ? undefined : Number(event.target.value))}
          className={`${inputLook(Boolean(error))} max-w-32`}
        />
      ));
    case "select":
      return simple((props) => (
        <select {...props} name={path.join(".")} value={String(value ?? "")} onChange={(event) => set(event.target.value || undefined)} className={inputLook(Boolean(error))}>
          {field.optional ? <option value="">{blockListCopy.none}</option> : null}
          {field.options.map((option) => (
            <option key={option} value={option}>
              {field.optionLabels?.[option] ?? option}
            </option>
          ))}
        </select>
      ));
    case "form":
      return simple((props) => <FormPickerField {...props} name={path.join(".")} value={String(value ?? "")} onChange={set} className={inputLook(Boolean(error))} />);
    case "checkbox":
      return (
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input type="checkbox" id={id} name={path.join(".")} checked={value === true} onChange={(event) => set(event.target.checked)} className="mt-0.5 h-4 w-4 rounded border-slate-300" />
          {label}
        </label>
      );
    case "strings":
      return <StringList field={field} values={Array.isArray(value) ? (value as string[]) : []} path={path} context={context} />;
    case "group":
      return <Group field={field} value={value as Value | undefined} path={path} context={context} />;
    case "items":
      return <ItemList field={field} items={Array.isArray(value) ? (value as Value[]) : []} path={path} context={context} />;
  }
}

/** A fieldset for a list or a group: its legend, the list's own problem, then its content. */
function Box({ legend, error, errorId, children }: { legend: string; error?: string; errorId: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border border-slate-200 p-3" aria-describedby={error ? errorId : undefined}>
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      <FieldError id={errorId} error={error} />
      {children}
    </fieldset>
  );
}

function StringList({ field, values, path, context }: { field: Extract<BlockField, { kind: "strings" }>; values: string[]; path: Path; context: BlockFormContext }) {
  const itemLabel = blockFieldLabels[field.itemLabel];
  const id = context.fieldId(path);
  return (
    <Box legend={blockFieldLabels[field.label]} error={context.problem(path)} errorId={`${id}-error`}>
      {values.map((value, index) => {
        const itemPath = [...path, index];
        const itemError = context.problem(itemPath);
        return (
          <div key={index} className="flex items-end gap-2">
            <LabelledField id={context.fieldId(itemPath)} label={blockListCopy.item(itemLabel, index + 1)} error={itemError} labelClassName={fieldLabelClass} className="min-w-0 flex-1">
              {(props) => (
                <input {...props} name={itemPath.join(".")} type="text" value={value} onChange={(event) => context.change(itemPath, event.target.value)} className={inputLook(Boolean(itemError))} />
              )}
            </LabelledField>
            <button type="button" className={`${smallButton} mb-1.5`} disabled={values.length <= (field.min ?? 0)} onClick={() => context.change(path, values.filter((_, each) => each !== index))}>
              {blockListCopy.removeItem(itemLabel, index + 1)}
            </button>
          </div>
        );
      })}
      <AddButton label={itemLabel} disabled={values.length >= field.max} onClick={() => context.change(path, [...values, ""])} />
    </Box>
  );
}

function Group({ field, value, path, context }: { field: Extract<BlockField, { kind: "group" }>; value: Value | undefined; path: Path; context: BlockFormContext }) {
  const label = blockFieldLabels[field.label];
  if (!value) return <AddButton label={label} onClick={() => context.change(path, field.empty())} />;
  return (
    <Box legend={label} error={context.problem(path)} errorId={`${context.fieldId(path)}-error`}>
      <BlockFields fields={field.fields} value={value} path={path} context={context} />
      {field.optional ? (
        <button type="button" className={`${smallButton} justify-self-start`} onClick={() => context.change(path, undefined)}>
          {blockListCopy.removeGroup(label)}
        </button>
      ) : null}
    </Box>
  );
}

function ItemList({ field, items, path, context }: { field: Extract<BlockField, { kind: "items" }>; items: Value[]; path: Path; context: BlockFormContext }) {
  const itemLabel = blockFieldLabels[field.itemLabel];
  return (
    <Box legend={blockFieldLabels[field.label]} error={context.problem(path)} errorId={`${context.fieldId(path)}-error`}>
      {items.map((item, index) => (
        <fieldset key={index} className="grid min-w-0 gap-3 rounded-md border border-slate-200 bg-slate-50/60 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">{blockListCopy.item(itemLabel, index + 1)}</legend>
          <BlockFields fields={field.fields} value={item} path={[...path, index]} context={context} />
          <button
            type="button"
            className={`${smallButton} justify-self-start`}
            disabled={items.length <= (field.min ?? 0)}
            onClick={() => context.change(path, items.filter((_, each) => each !== index))}
          >
            {blockListCopy.removeItem(itemLabel, index + 1)}
          </button>
        </fieldset>
      ))}
      <AddButton label={itemLabel} disabled={items.length >= field.max} onClick={() => context.change(path, [...items, field.empty()])} />
    </Box>
  );
}

function AddButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <button type="button" disabled={disabled} onClick={onClick} className={`${smallButton} justify-self-start border-indigo-300 text-indigo-700 hover:bg-indigo-50`}>
      {blockListCopy.addItem(label)}
    </button>
  );
}
