import type { Failure } from "~/lib/errors";

/** Thrown inside a transaction to roll it back and answer `failure`; caught where the transaction was started. */
export class Refused<F extends Failure = Failure> extends Error {
  constructor(readonly failure: F) {
    super(failure.code);
  }
}
