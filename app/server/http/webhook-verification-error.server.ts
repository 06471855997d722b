/** Thrown by a verifyWebhook when the signature, timestamp or body is not the provider's: the endpoint answers 400. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}
