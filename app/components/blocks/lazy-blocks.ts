/**
 * The blocks fewer pages show, loaded as one piece only where one is shown (./page-blocks.tsx),
 * so that every page's route carries only the common ones (the build's page budget).
 */
export { ComparisonBlock } from "./comparison-block";
export { ImageBlock } from "./image-block";
export { LegalDocumentBlock } from "./legal-document-block";
export { LogoStripBlock } from "./logo-strip-block";
export { QuoteBlock } from "./quote-block";
export { UseCasesBlock } from "./use-cases-block";
