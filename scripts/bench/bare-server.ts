/**
 * The ceiling the catalogue benchmark compares the product with: a bare `node:http` server that
 * answers recorded paths with recorded bytes and headers, and nothing else.
 *
 *   node scripts/bench/bare-server.ts <port> <answers.json>
 *
 * answers.json: { "<path>": { "status": 200, "headers": { … }, "body": "<base64>" } }
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

type Recorded = { status: number; headers: Record<string, string>; body: string };

const [port, file] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(file ?? "", "utf8")) as Record<string, Recorded>;
const answers = new Map(
  Object.entries(recorded).map(([path, answer]) => [path, { ...answer, bytes: Buffer.from(answer.body, "base64") }]),
);

createServer((request, response) => {
  const answer = answers.get(request.url ?? "");
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(answer.status, { ...answer.headers, "content-length": String(answer.bytes.length) });
  response.end(answer.bytes);
}).listen(Number(port), "127.0.0.1", () => process.stdout.write("listening\n"));
