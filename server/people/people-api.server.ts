import express, { type Request, type Response } from "express";
import { acceptInvitationSchema, invitationPath, invitationSchema, peopleMessages, personChangeSchema } from "../../domain/people";
import { ROLE_LABELS } from "../../domain/roles";
import { accountMessages } from "../../domain/account";
import { fieldErrors } from "../../domain/validation";
import type { AppServices } from "../context.server";
import { sendApiError, sendRateLimited } from "../http/api-errors.server";
import { clientKey } from "../http/client-key.server";
import { adminRoutes, recordAudit } from "../auth/admin-routes.server";
import { isCommonPassword } from "../auth/common-passwords.server";
import { LOGIN_LIMIT } from "../auth/admin-login.server";
import { loginClientOf, sendSignedIn } from "../auth/signed-in.server";
import { countAttempt } from "../limits/rate-limits.server";
import { joinWithInvitation } from "./join.server";
import { emailInvitation, emailRoleChange } from "./people-emails.server";
import { changePerson, findInvitation, findMe, findPerson, invitePerson, listPeople, removePerson, renewInvitation } from "./people.server";

/**
 * The team's doors (docs/decisions/208): who is signed in (`/admin/me`), the people list and
 * invitations for the owner and administrators, and the invitation link's own public doors.
 */
export function peopleRouter(services: AppServices) {
  const { db, config } = services;
  const router = express.Router();
  const admin = adminRoutes(router, services);
  const link = (token: string) => `${config.public.siteUrl}${invitationPath(token)}`;

  admin.door("account.own").get("/admin/me", async (_req, res) => {
    const me = await findMe(db, res.locals.adminSession!.personId);
    if (!me) return sendApiError(res, 404, peopleMessages.notFound);
    res.json(me);
  });

  admin.door("people.read").get("/admin/people", async (_req, res) => {
    res.json(await listPeople(db));
  });

  admin.door("people.manage").post("/admin/people", async (req, res) => {
    const parsed = invitationSchema.safeParse(req.body);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      return sendApiError(res, 400, Object.values(fields)[0] ?? peopleMessages.emailRequired, fields);
    }
    const session = res.locals.adminSession!;
    const invited = await invitePerson(db, parsed.data, session.personId);
    if (!invited.ok) return sendApiError(res, 409, invited.error, { email: invited.error });
    const inviter = await findPerson(db, session.personId);
    await emailInvitation(services, { person: invited.person, inviter: inviter?.name ?? ROLE_LABELS.owner, link: link(invited.token) });
    await recordAudit(res, { action: "person.invited", target: invited.person.id, label: invited.person.name, detail: ROLE_LABELS[invited.person.role] });
    res.status(201).json(invited.person);
  });

  admin.door("people.manage").post("/admin/people/:id/invitation", async (req, res) => {
    const id = String(req.params.id);
    const token = await renewInvitation(db, id);
    const person = token ? await findPerson(db, id) : undefined;
    if (!token || !person) return sendApiError(res, 404, peopleMessages.notFound);
    const inviter = await findPerson(db, res.locals.adminSession!.personId);
    await emailInvitation(services, { person: { ...person, email: person.email! }, inviter: inviter?.name ?? ROLE_LABELS.owner, link: link(token) });
    await recordAudit(res, { action: "person.invitation_renewed", target: id, label: person.name });
    res.status(204).end();
  });

  admin.door("people.manage").patch("/admin/people/:id", async (req, res) => {
    const parsed = personChangeSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      return sendApiError(res, 400, Object.values(fields)[0] ?? peopleMessages.roleInvalid, fields);
    }
    const session = res.locals.adminSession!;
    const changed = await changePerson(db, String(req.params.id), parsed.data, { id: session.personId, role: session.role });
    if (!changed.ok) return sendApiError(res, changed.status, changed.error);
    const { person, before } = changed;
    if (person.role !== before.role) {
      await emailRoleChange(services, { person, before: before.role });
    }
    const detail = person.role !== before.role ? `${ROLE_LABELS[before.role]} → ${ROLE_LABELS[person.role]}` : `${before.name} → ${person.name}`;
    await recordAudit(res, { action: "person.changed", target: person.id, label: person.name, detail });
    res.json(person);
  });

  admin.door("people.manage").delete("/admin/people/:id", async (req, res) => {
    const session = res.locals.adminSession!;
    const removed = await removePerson(db, String(req.params.id), { id: session.personId, role: session.role });
    if (!removed.ok) return sendApiError(res, removed.status, removed.error);
    await recordAudit(res, { action: "person.removed", target: removed.person.id, label: removed.person.name, detail: ROLE_LABELS[removed.person.role] });
    res.status(204).end();
  });

  // The invitation link's page reads whom it is for.
  /** An unknown link is counted against the client's login limit, as a wrong password is: 429 past it, else 404. */
  const refuseUnknown = async (req: Request, res: Response) => {
    const limited = await countAttempt(db, LOGIN_LIMIT, clientKey(req));
    if (limited) return sendRateLimited(res, limited);
    sendApiError(res, 404, peopleMessages.invitationGone);
  };

  router.get("/admin/invitations/:token", async (req, res) => {
    const person = await findInvitation(db, String(req.params.token));
    if (!person) return refuseUnknown(req, res);
    res.json({ email: person.email, name: person.name, role: person.role });
  });

  router.post("/admin/invitations/:token", async (req, res) => {
    const token = String(req.params.token);
    if (!(await findInvitation(db, token))) return refuseUnknown(req, res);
    const parsed = acceptInvitationSchema.safeParse(req.body);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      return sendApiError(res, 400, Object.values(fields)[0] ?? peopleMessages.ownNameRequired, fields);
    }
    if (isCommonPassword(parsed.data.password)) {
      return sendApiError(res, 400, accountMessages.newPasswordCommon, { password: accountMessages.newPasswordCommon });
    }
    const signedIn = await joinWithInvitation(db, token, parsed.data, loginClientOf(req));
    if (!signedIn) return sendApiError(res, 404, peopleMessages.invitationGone);
    await sendSignedIn(res, services, signedIn, req.get("user-agent"));
  });

  return router;
}
