import { Link } from "react-router";
import { adminApi } from "../../../lib/admin/client";
import { useAdminQuery } from "../../../lib/admin/hooks";
import { formPickerCopy } from "../../../content/admin-forms";
import type { FieldControlProps } from "../../ui/labelled-field";

/** The form block's form: one of the forms built under Forms, by name (its id is stored). */
export function FormPickerField({
  value,
  onChange,
  className,
  name,
  ...control
}: FieldControlProps & { name: string; value: string; onChange: (id: string) => void; className: string }) {
  const { query } = useAdminQuery("forms", adminApi.listForms);
  const forms = query.status === "ready" ? query.data : [];
  const known = value === "" || forms.some((form) => form.id === value);
  return (
    <>
      <select {...control} name={name} value={value} onChange={(event) => onChange(event.target.value)} className={className}>
        <option value="">{formPickerCopy.choose}</option>
        {forms.map((form) => (
          <option key={form.id} value={form.id}>
            {form.name}
          </option>
        ))}
        {known ? null : <option value={value}>{formPickerCopy.missing}</option>}
      </select>
      <Link to="/admin/forms" className="mt-1 inline-block text-sm font-semibold text-indigo-700 underline">
        {formPickerCopy.manage}
      </Link>
    </>
  );
}
