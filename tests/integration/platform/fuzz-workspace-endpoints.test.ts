import { fuzzEndpointGroup } from "../../support/endpoint-fuzzing";

// Hostile requests against the signed-in workspace: tools, orders, customers, analytics, payouts, payments, POS.
fuzzEndpointGroup("workspace");
