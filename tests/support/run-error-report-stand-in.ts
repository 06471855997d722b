// Started by the Playwright config: the error-reporting service the app under test reports to.
import { startErrorReportStandIn } from "./error-report-stand-in";

const standIn = await startErrorReportStandIn({ port: Number(process.env.ERROR_REPORTS_PORT) });
console.log(`error-reporting stand-in: ${standIn.origin}`);
