import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for an S3-compatible bucket: PutObject, GetObject and DeleteObject on path-style
 * URLs (`/bucket/key`), each request's AWS Signature V4 checked against the one key pair it knows,
 * and the payload's hash against the body. A request signed wrongly gets S3's 403
 * SignatureDoesNotMatch, as the real service answers.
 */
export async function startFakeS3(options: { bucket: string; region?: string }) {
  const accessKeyId = "MATESTESTKEY";
  const secretAccessKey = "mates-test-secret-key";
  const region = options.region ?? "ap-south-1";
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  let refused = 0;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const problem = signatureProblem(request, body, { accessKeyId, secretAccessKey, region });
      const error = (status: number, code: string, message: string) => {
        response.writeHead(status, { "content-type": "application/xml" });
        response.end(
          `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
        );
      };
      if (problem) {
        refused += 1;
        return error(403, "SignatureDoesNotMatch", problem);
      }
      const path = decodeURIComponent(new URL(request.url ?? "/", "http://s3").pathname);
      const [, bucket, ...rest] = path.split("/");
      const key = rest.join("/");
      if (bucket !== options.bucket) return error(404, "NoSuchBucket", "The specified bucket does not exist");
      if (request.method === "PUT") {
        objects.set(key, { body, contentType: request.headers["content-type"] ?? "application/octet-stream" });
        response.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
        return response.end();
      }
      if (request.method === "GET") {
        const object = objects.get(key);
        if (!object) return error(404, "NoSuchKey", "The specified key does not exist.");
        response.writeHead(200, { "content-type": object.contentType, "content-length": object.body.length });
        return response.end(object.body);
      }
      if (request.method === "DELETE") {
        objects.delete(key);
        response.writeHead(204);
        return response.end();
      }
      return error(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    /** The S3_URL that reaches this bucket with the right keys. */
    url: `http://${accessKeyId}:${encodeURIComponent(secretAccessKey)}@127.0.0.1:${port}/${options.bucket}?region=${region}`,
    endpoint,
    accessKeyId,
    secretAccessKey,
    region,
    objects,
    /** How many requests were refused for their signature. */
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");

/** Why a request's Signature V4 is wrong, or undefined when it is right. */
function signatureProblem(
  request: IncomingMessage,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): string | undefined {
  const authorization = request.headers.authorization ?? "";
  const match = authorization.match(
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/,
  );
  if (!match) return "The request is not signed with AWS Signature Version 4.";
  const [, keyId, day, region, signedHeaders = "", signature = ""] = match;
  if (keyId !== keys.accessKeyId) return "The AWS access key Id you provided does not exist in our records.";
  if (region !== keys.region) return `The authorization header is malformed; the region '${region}' is wrong.`;
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  if (!amzDate.startsWith(day ?? "-")) return "The date of the credential and X-Amz-Date differ.";
  const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) {
    return "The provided 'x-amz-content-sha256' header does not match what was computed.";
  }
  const names = signedHeaders.split(";");
  if (!names.includes("host")) return "The host header must be signed.";
  const url = new URL(request.url ?? "/", "http://s3");
  const query = [...url.searchParams]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .sort()
    .join("&");
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonicalRequest = [request.method, url.pathname, query, canonicalHeaders, signedHeaders, payloadHash].join(
    "\n",
  );
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, day ?? ""), region ?? ""), "s3"),
    "aws4_request",
  );
  const expected = hmac(signingKey, stringToSign);
  const given = Buffer.from(signature, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return "The request signature we calculated does not match the signature you provided.";
  }
  return undefined;
}
