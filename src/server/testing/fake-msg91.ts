import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for MSG91's OTP API (v5), as its documentation describes it: `POST /api/v5/otp`
 * with the account's `authkey` header and the parameters template_id, mobile (with the country
 * code), otp and its length and expiry; it answers `{ type: "success", request_id }` or
 * `{ type: "error", message }`. Like a DLT-bound account it takes only a registered template's
 * variables: free text (`message`) is refused. It can be told to answer an error body (`fail`)
 * or never to answer (`hang`). Its Flow API (`POST /api/v5/flow`, a template's id and recipients with
 * their variables, answered `{ type: "success", message: <request id> }`) takes the invitations of
 * mates (record 073): only the invitation template, only its variable `token`. Tests in process call its methods; tests in another process (the
 * browser journeys) use `/_test/last-code?mobile=…` and `POST /_test/mode`.
 */
export type Msg91Request = {
  mobile: string;
  otp: string;
  templateId: string;
  sender: string | null;
  authkey: string | undefined;
  query: Record<string, string>;
};

/** An SMS sent through the Flow API: a mate's invitation. */
export type Msg91FlowRequest = { mobile: string; templateId: string; variables: Record<string, string> };

export type Msg91Mode = "ok" | "fail" | "hang";

const answer = (response: ServerResponse, status: number, body: Record<string, string>) => {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
};
const error = (response: ServerResponse, status: number, message: string) =>
  answer(response, status, { type: "error", message });

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeMsg91(
  options: { authKey?: string; templateId?: string; senderId?: string; port?: number } = {},
) {
  const authKey = options.authKey ?? "fake-msg91-auth-key-0123456789";
  const templateId = options.templateId ?? "64f0c0ffee0123456789abcd";
  const inviteTemplateId = "64f0c0ffee0123456789beef";
  const flows: Msg91FlowRequest[] = [];
  const senderId = options.senderId ?? "MATESI";
  const requests: Msg91Request[] = [];
  let mode: Msg91Mode = "ok";

  const otpApi = (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const query = Object.fromEntries(url.searchParams);
    const authkey = request.headers.authkey as string | undefined;
    if (authkey !== authKey) return error(response, 401, "Authentication failure: invalid authkey");
    if (query.template_id !== templateId) return error(response, 400, "Invalid template_id");
    if ("message" in query) return error(response, 400, "Free text is not allowed: send the template's variables");
    const mobile = query.mobile ?? "";
    if (!/^91[6-9]\d{9}$/.test(mobile)) return error(response, 400, "Mobile number is invalid: give it with 91");
    const otp = query.otp ?? "";
    if (!/^\d{4,9}$/.test(otp) || (query.otp_length && Number(query.otp_length) !== otp.length)) {
      return error(response, 400, "Invalid otp or otp_length");
    }
    if (query.sender !== undefined && query.sender !== senderId) return error(response, 400, "Invalid sender id");
    requests.push({ mobile, otp, templateId: query.template_id, sender: query.sender ?? null, authkey, query });
    if (mode === "hang") return; // never answered; `close` ends the connection
    if (mode === "fail") return answer(response, 200, { type: "error", message: "Insufficient balance" });
    return answer(response, 200, { type: "success", request_id: randomBytes(12).toString("hex") });
  };

  const flowApi = (request: IncomingMessage, response: ServerResponse, text: string) => {
    if (request.headers.authkey !== authKey) return error(response, 401, "Authentication failure: invalid authkey");
    let body: { template_id?: unknown; sender?: unknown; recipients?: unknown; message?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return error(response, 400, "Invalid JSON");
    }
    if (body.template_id !== inviteTemplateId) return error(response, 400, "Invalid template_id");
    if ("message" in body) return error(response, 400, "Free text is not allowed: send the template's variables");
    if (body.sender !== undefined && body.sender !== senderId) return error(response, 400, "Invalid sender id");
    const recipients = Array.isArray(body.recipients) ? (body.recipients as Record<string, unknown>[]) : [];
    if (recipients.length !== 1) return error(response, 400, "Give one recipient");
    const { mobiles, ...variables } = recipients[0] ?? {};
    if (typeof mobiles !== "string" || !/^91[6-9]\d{9}$/.test(mobiles)) {
      return error(response, 400, "Mobile number is invalid: give it with 91");
    }
    const names = Object.keys(variables);
    if (names.join() !== "token" || typeof variables.token !== "string" || variables.token.length > 30) {
      return error(response, 400, "The template's one variable is token (30 characters at most)");
    }
    flows.push({ mobile: mobiles, templateId: inviteTemplateId, variables: { token: variables.token } });
    if (mode === "hang") return;
    if (mode === "fail") return answer(response, 200, { type: "error", message: "Insufficient balance" });
    return answer(response, 200, { type: "success", message: randomBytes(12).toString("hex") });
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://msg91");
    if (request.method === "POST" && url.pathname === "/api/v5/otp") {
      // The body (template variables) is read and dropped: the code travels in the parameters.
      void bodyOf(request).then(() => otpApi(request, response, url));
      return;
    }
    if (request.method === "POST" && url.pathname === "/api/v5/flow") {
      void bodyOf(request).then((text) => flowApi(request, response, text));
      return;
    }
    if (request.method === "GET" && url.pathname === "/_test/last-code") {
      const found = lastCode(url.searchParams.get("mobile") ?? "");
      return found ? answer(response, 200, { otp: found }) : error(response, 404, "No code sent to that number");
    }
    if (request.method === "POST" && url.pathname === "/_test/mode") {
      void bodyOf(request).then((text) => {
        const next = (JSON.parse(text || "{}") as { mode?: Msg91Mode }).mode;
        if (next !== "ok" && next !== "fail" && next !== "hang") return error(response, 400, "mode: ok, fail or hang");
        mode = next;
        return answer(response, 200, { type: "success", mode });
      });
      return;
    }
    error(response, 404, "Not found");
  });

  /** The last code sent to a number, given with or without 91. */
  const lastCode = (mobile: string) => {
    const full = mobile.length === 10 ? `91${mobile}` : mobile;
    return requests.findLast((sent) => sent.mobile === full)?.otp;
  };

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    requests,
    flows,
    lastCode,
    setMode: (next: Msg91Mode) => {
      mode = next;
    },
    /** The settings that point the product at this stand-in. */
    env: () => ({
      SMS_PROVIDER: "msg91",
      MSG91_AUTH_KEY: authKey,
      MSG91_OTP_TEMPLATE_ID: templateId,
      MSG91_INVITE_TEMPLATE_ID: inviteTemplateId,
      MSG91_SENDER_ID: senderId,
      MSG91_API_URL: url,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
