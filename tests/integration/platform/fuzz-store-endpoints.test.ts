import { fuzzEndpointGroup } from "../../support/endpoint-fuzzing";

// Hostile requests against the buyer's side: store pages, buy and checkout, purchases, payment webhooks, images,
// tracking links.
fuzzEndpointGroup("store");
