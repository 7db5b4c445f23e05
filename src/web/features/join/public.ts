// The join feature's public surface: the professionals' application form (issue 16).
export { JoinForm } from "./join-form.tsx";
export { joinMessages } from "./join-messages.ts";
