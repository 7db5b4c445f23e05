import { type ProcessCustomer, signUp } from "#testing/server-process.ts";
import { type Instance, requestTo } from "./cluster.ts";

/** Signs a new customer up on `base` (nginx or one instance), as the browser on `origin` would. */
export function signUpAt(instance: Instance, base: string, origin: string, label: string): Promise<ProcessCustomer> {
  return signUp({ ...instance.process, request: requestTo(base, origin) }, label);
}
