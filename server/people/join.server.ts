import { audit } from "../audit/audit.server";
import type { AppDatabase } from "../db/database.server";
import { signIn, type LoginClient, type SignedIn } from "../auth/admin-login.server";
import { acceptInvitation } from "./people.server";

/**
 * Taking an invitation signs the person in at once, as a right password would: their name and
 * password are stored, the link is used up, and the event is theirs in the audit trail.
 */
export async function joinWithInvitation(
  db: AppDatabase,
  token: string,
  input: { name: string; password: string },
  client: LoginClient,
): Promise<SignedIn | undefined> {
  const person = await acceptInvitation(db, token, input);
  if (!person) return undefined;
  await audit.record(db, { action: "person.joined", target: person.id, label: person.name, ip: client.origin?.ip, personId: person.id });
  return signIn(db, client, person.id);
}
