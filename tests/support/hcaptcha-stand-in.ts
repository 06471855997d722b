import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for hCaptcha: `/1/api.js` is a widget with the real script's explicit-render API (a
 * button that "solves" it), `/siteverify` checks tokens it issued, once each, for the configured secret.
 */
export async function startHCaptchaStandIn({ port = 0, secret }: { port?: number; secret: string }) {
  const issued = new Set<string>();
  const script = `
    window.hcaptcha = {
      render(el, opts) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = "I am human";
        button.onclick = async () => {
          const res = await fetch(ORIGIN + "/issue", { method: "POST" });
          opts.callback((await res.json()).token);
        };
        const expire = document.createElement("button");
        expire.type = "button";
        expire.textContent = "Let it expire";
        expire.onclick = () => opts["expired-callback"]();
        el.append(button, expire);
        return 1;
      },
      reset() {},
    };`;
  const server: Server = createServer(async (req, res) => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Allow-Headers", "*");
    if (req.method === "OPTIONS") {
      res.writeHead(204).end();
    } else if (req.url?.startsWith("/1/api.js")) {
      res.writeHead(200, { "Content-Type": "text/javascript" }).end(script.replace("ORIGIN", JSON.stringify(origin)));
    } else if (req.url === "/issue" && req.method === "POST") {
      const token = `stand-in-token-${Math.random().toString(36).slice(2)}`;
      issued.add(token);
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ token }));
    } else if (req.url === "/siteverify" && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const token = form.get("response") ?? "";
      const success = form.get("secret") === secret && issued.delete(token);
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ success, "error-codes": success ? [] : ["invalid-input-response"] }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    scriptUrl: `${origin}/1/api.js`,
    verifyUrl: `${origin}/siteverify`,
    /** Issues a token as if a visitor solved the widget. */
    async issueToken(): Promise<string> {
      return ((await (await fetch(`${origin}/issue`, { method: "POST" })).json()) as { token: string }).token;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
