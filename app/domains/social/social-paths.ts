/** The Social Media Manager's page. */
export const SOCIAL_PATH = "/tools/social";
