// Started by the Playwright config: SMTP on MAIL_SMTP_PORT, its inbox as JSON on MAIL_HTTP_PORT.
import { serveInbox, startMailCatcher } from "./mail-catcher";

const catcher = await startMailCatcher(Number(process.env.MAIL_SMTP_PORT));
await serveInbox(catcher, Number(process.env.MAIL_HTTP_PORT));
console.log(`mail catcher: ${catcher.url}, inbox on http://127.0.0.1:${process.env.MAIL_HTTP_PORT}/messages`);
