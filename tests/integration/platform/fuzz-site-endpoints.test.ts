import { fuzzEndpointGroup } from "../../support/endpoint-fuzzing";

// Hostile requests against the public site, accounts, settings and sales-method pages; also the coverage checks and
// fixed regressions.
fuzzEndpointGroup("site");
