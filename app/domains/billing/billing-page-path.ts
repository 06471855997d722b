/** Where a creator sees and changes their plan; the upgrade links, mails and checkout returns lead here. */
export const BILLING_PAGE_PATH = "/settings/billing";
