import { AsyncLocalStorage } from "node:async_hooks";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestTurns } from "../../server/request-turns";

const requestId = new AsyncLocalStorage<string>();
let origin = "";
let close = () => {};
beforeAll(async () => {
  const app = express();
  app.use((req, _res, next) => requestId.run(String(req.query.id), next));
  app.use(createRequestTurns());
  app.get("/", (req, res) => {
    const order = Number(req.query.id);
    // A handler that takes a little time, so that the others queue behind it.
    const until = Date.now() + (order % 3);
    while (Date.now() < until);
    res.json({ id: req.query.id, context: requestId.getStore() });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("request turns", () => {
  it("runs each waiting request in its own async context (request-scoped stores stay its own)", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, id) => fetch(`${origin}/?id=${id}`).then((r) => r.json())),
    );
    for (const answer of answers) expect(answer.context).toBe(answer.id);
  });
});
