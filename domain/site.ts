/** Site facts the browser may see; built from configuration on the server (config.server.ts). */
export type SiteConfig = {
  siteUrl: string;
  siteName: string;
  signinUrl: string;
  demoUrl: string;
  supportEmail: string;
  supportPhone: string;
  postalAddress: string;
  securityEmail: string;
};
