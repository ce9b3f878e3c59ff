import { createContext, useContext } from "react";
import type { Me } from "../../../domain/people";

/** Who is signed in on the admin screens: RequireAdmin provides it once the token is checked. */
export const SignedInPerson = createContext<Me | undefined>(undefined);

/** The person signed in on this admin screen (who they are, their role). */
export function useMe(): Me {
  const me = useContext(SignedInPerson);
  if (!me) throw new Error("useMe is for screens inside RequireAdmin");
  return me;
}
