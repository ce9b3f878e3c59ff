import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { PASSWORD_MAX_LENGTH } from "../../../domain/auth";
import { PASSKEY_NAME_MAX_LENGTH, type PasskeyView } from "../../../domain/passkeys";
import { accountCopy as copy } from "../../content/account";
import { adminApi } from "../../lib/admin/client";
import { useAdminCall, useAdminQuery } from "../../lib/admin/hooks";
import { createPasskey } from "../../lib/admin/passkey-prompt";
import { FormAlert } from "../ui/form-messages";
import { AdminButton } from "./admin-form";
import { AdminTime, QueryStatus, TitledSection } from "./admin-panels";
import { StepUpField } from "./step-up-field";

const sectionClass = "mt-10 rounded-xl border border-slate-200 bg-white p-6 shadow-sm";

/** The person's passkeys on the account page (docs/decisions/209): list, add, rename, remove. */
export function AccountPasskeys() {
  const { query, reload } = useAdminQuery("passkeys", adminApi.listPasskeys);
  const passkeys = query.status === "ready" ? query.data : [];
  return (
    <TitledSection id="passkeys-heading" title={copy.passkeysHeading} lead={copy.passkeysIntro} className={sectionClass} titleClassName="text-xl font-bold text-slate-900" leadClassName="mt-1 text-sm text-slate-700">
      <QueryStatus query={query} loading={copy.loading} failed={copy.loadFailed} className="mt-4" />
      {query.status === "ready" && passkeys.length === 0 ? <p className="mt-4 text-slate-700">{copy.noPasskeys}</p> : null}
      <ul className="mt-4 space-y-3">
        {passkeys.map((passkey) => (
          <PasskeyRow key={passkey.id} passkey={passkey} onChanged={reload} />
        ))}
      </ul>
      <AddPasskey onAdded={reload} />
    </TitledSection>
  );
}

/**
 * Adding a passkey: a name, then the step-up the server asks for by naming its field (a code with
 * a verified authenticator; the password once the sign-in is more than 10 minutes old), then the
 * browser's own prompt.
 */
function AddPasskey({ onAdded }: { onAdded: () => void }) {
  const call = useAdminCall();
  const nameId = useId();
  const proofId = useId();
  const [name, setName] = useState("");
  const [proof, setProof] = useState("");
  const [asked, setAsked] = useState<"code" | "password">();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (asked) document.getElementById(proofId)?.focus();
  }, [asked, proofId]);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const error = await register();
    setBusy(false);
    if (error) return setErrors(error);
    setErrors({});
    setAsked(undefined);
    setName("");
    setProof("");
    toast.success(copy.passkeyAdded);
    onAdded();
  }

  /** The three steps; answers the errors to show, or nothing once the passkey is kept. */
  async function register(): Promise<Record<string, string> | undefined> {
    const options = await call(adminApi.passkeyOptions(asked && proof ? { [asked]: proof } : {}));
    if (!options.ok) {
      if (options.fields?.code) setAsked("code");
      else if (options.fields?.password) setAsked("password");
      return options.fields ?? { form: options.error ?? copy.loadFailed };
    }
    const prompt = await createPasskey(options.data);
    if (!prompt.ok) return { form: prompt.error };
    const added = await call(adminApi.addPasskey(name, prompt.response));
    if (!added.ok) return added.fields?.name ? { name: added.fields.name } : { form: added.error ?? copy.loadFailed };
    return undefined;
  }

  return (
    <form className="mt-6 flex flex-wrap items-end gap-3" onSubmit={add} noValidate>
      <StepUpField className="min-w-0 flex-1 basis-56" id={nameId} label={copy.passkeyName} value={name} onChange={setName} error={errors.name} maxLength={PASSKEY_NAME_MAX_LENGTH} autoComplete="off" />
      {asked === "code" ? <StepUpField className="min-w-0 flex-1 basis-56" id={proofId} label={copy.addCodeLabel} value={proof} onChange={setProof} error={errors.code} /> : null}
      {asked === "password" ? (
        <StepUpField className="min-w-0 flex-1 basis-56" id={proofId} label={copy.currentPassword} value={proof} onChange={setProof} error={errors.password} type="password" maxLength={PASSWORD_MAX_LENGTH} />
      ) : null}
      <AdminButton variant="primary" type="submit" disabled={!name.trim() || busy} disabledReason={copy.passkeyNameFirst}>
        {busy ? copy.passkeyWaiting : copy.addPasskey}
      </AdminButton>
      <div className="w-full">
        <FormAlert error={errors.form} />
      </div>
    </form>
  );
}

function PasskeyRow({ passkey, onChanged }: { passkey: PasskeyView; onChanged: () => void }) {
  const [open, setOpen] = useState<"rename" | "remove">();
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <p className="font-semibold break-words text-slate-900">{passkey.name}</p>
      <p className="text-sm text-slate-600">
        {copy.passkeyAddedOn} <AdminTime iso={passkey.created_at} />
      </p>
      <p className="text-sm text-slate-600">
        {copy.passkeyLastUsed}: {passkey.last_used_at ? <AdminTime iso={passkey.last_used_at} /> : copy.passkeyNeverUsed}
      </p>
      {open === undefined ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <AdminButton variant="outline" onClick={() => setOpen("rename")} aria-label={`${copy.rename} ${passkey.name}`}>
            {copy.rename}
          </AdminButton>
          <AdminButton variant="secondary" onClick={() => setOpen("remove")} aria-label={`${copy.remove} ${passkey.name}`}>
            {copy.remove}
          </AdminButton>
        </div>
      ) : open === "rename" ? (
        <RenamePasskey passkey={passkey} onDone={(changed) => {
            setOpen(undefined);
            if (changed) onChanged();
          }} />
      ) : (
        <RemovePasskey passkey={passkey} onDone={(removed) => {
            setOpen(undefined);
            if (removed) onChanged();
          }} />
      )}
    </li>
  );
}

function RenamePasskey({ passkey, onDone }: { passkey: PasskeyView; onDone: (changed: boolean) => void }) {
  const call = useAdminCall();
  const id = useId();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string>();
  useEffect(() => document.getElementById(id)?.focus(), [id]);
  async function save(event: React.FormEvent) {
    event.preventDefault();
    const result = await call(adminApi.renamePasskey(passkey.id, name));
    if (!result.ok) return setError(result.fields?.name ?? result.error ?? copy.loadFailed);
    toast.success(copy.passkeyRenamed);
    onDone(true);
  }
  return (
    <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={save} noValidate>
      <StepUpField className="min-w-0 flex-1 basis-56" id={id} label={copy.renameLabel(passkey.name)} value={name} onChange={setName} error={error} maxLength={PASSKEY_NAME_MAX_LENGTH} autoComplete="off" />
      <AdminButton variant="primary" type="submit" disabled={!name.trim()}>
        {copy.save}
      </AdminButton>
      <AdminButton variant="secondary" onClick={() => onDone(false)}>
        {copy.cancel}
      </AdminButton>
    </form>
  );
}

/** Removing a passkey: a code, or the password (as removing an authenticator). */
function RemovePasskey({ passkey, onDone }: { passkey: PasskeyView; onDone: (removed: boolean) => void }) {
  const call = useAdminCall();
  const id = useId();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => document.getElementById(`${id}-code`)?.focus(), [id]);
  async function remove(event: React.FormEvent) {
    event.preventDefault();
    const result = await call(adminApi.removePasskey(passkey.id, code ? { code } : { password }));
    if (!result.ok) return setErrors(result.fields ?? { form: result.error ?? copy.loadFailed });
    toast.success(copy.passkeyRemoved);
    onDone(true);
  }
  return (
    <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={remove} noValidate>
      <StepUpField className="min-w-0 flex-1 basis-56" id={`${id}-code`} label={copy.removePasskeyCodeLabel(passkey.name)} value={code} onChange={setCode} error={errors.code} />
      <StepUpField
        className="min-w-0 flex-1 basis-56"
        id={`${id}-password`}
        label={copy.removePasskeyPasswordLabel(passkey.name)}
        value={password}
        onChange={setPassword}
        error={errors.password}
        type="password"
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <AdminButton variant="primary" type="submit" disabled={!code.trim() && !password} disabledReason={copy.removeDisabled}>
        {copy.remove}
      </AdminButton>
      <AdminButton variant="secondary" onClick={() => onDone(false)}>
        {copy.cancel}
      </AdminButton>
      <p className="w-full text-sm text-slate-600">{copy.removePasskeyHint}</p>
      <div className="w-full">
        <FormAlert error={errors.form} />
      </div>
    </form>
  );
}
