import type { LegalDocument } from "./types";
import { linkedPageMeta } from "../shared";

/** The Privacy Policy (/privacy). Contact details come from the site configuration. */
export const privacyPolicy: LegalDocument = {
  title: "Privacy Policy",
  effectiveDate: "March 13, 2025",
  intro: [
    "This Privacy Policy explains how Dialogic (\u201cDialogic\u201d, \u201cwe\u201d, \u201cus\u201d) collects, uses, shares and protects information when organizations, their admins, trainers and employees use the Dialogic platform (the \u201cService\u201d), and when anyone visits this website.",
    "Dialogic is a business-to-business service. We provide it to organizations (our clients and corporate partners), who decide which of their people use it and for what purpose. Where this policy refers to \u201cyour organization\u201d, it means the organization that gave you access to the Service.",
  ],
  sections: [
    {
      id: "information-we-collect",
      heading: "Information we collect",
      blocks: [
        "We collect only the information we need to provide and improve the Service:",
        {
          list: [
            "Account information: name, work email address, job title, team and role (admin, trainer or employee), provided by your organization or by you when your account is created.",
            "Content: the documents, policies, presentations and other materials your organization uploads, and the training programs created from them.",
            "Conversation data: the messages you type or speak to the coach, transcripts of voice conversations, and the assessments of understanding that result from them.",
            "Usage and device data: log-in times, pages and features used, browser type, device type, IP address and diagnostic logs, collected to keep the Service secure and working.",
            "Website information: the details you send us through the contact form or the vulnerability report form, such as your name, email address and message.",
          ],
        },
        "Voice recordings are converted to text to continue the conversation. Unless your organization enables audio retention, the recording itself is deleted once it has been transcribed.",
        "We do not use third-party advertising cookies or sell access to our visitors. This website uses only the cookies and storage it needs to work.",
      ],
    },
    {
      id: "organizational-and-employee-data",
      heading: "Organizational and employee data",
      blocks: [
        "Content uploaded by an organization, and the account and conversation data of its admins, trainers and employees, is \u201cOrganizational Data\u201d. We process Organizational Data on behalf of the organization and under its instructions, as set out in our agreement with it. The organization is responsible for having a lawful basis to provide this data to us and for informing its employees.",
        "Your organization's admins can see and manage the accounts in their organization and, depending on the permissions they set, trainers and managers can see learners' progress and results. If you have questions about how your employer uses the Service, or want to exercise a right over your data, please contact your organization first; we will help it respond.",
        "When an organization's agreement ends, we delete or return its Organizational Data within 90 days, except where we must keep a record for legal reasons.",
      ],
    },
    {
      id: "confidentiality",
      heading: "Confidentiality",
      blocks: [
        "We treat Organizational Data as the confidential information of the organization it belongs to. It is kept logically separated from other organizations' data, and it is never shown to, or used to train or answer for, any other organization.",
        "Access by our staff is limited to people who need it to operate, secure or support the Service, is logged, and is granted only for as long as the task requires. Everyone with access is bound by written confidentiality obligations.",
      ],
    },
    {
      id: "use-of-data",
      heading: "Use of data",
      blocks: [
        "We use the information we collect to:",
        {
          list: [
            "provide the Service: build training programs, run conversations, score understanding and show results to the people your organization authorizes;",
            "provide support, and answer messages sent through our website;",
            "keep the Service secure, prevent abuse and investigate security reports;",
            "maintain and improve the reliability, performance and usability of the Service;",
            "send service communications such as account notices and important changes to our terms;",
            "comply with the law and enforce our agreements.",
          ],
        },
        "We do not use Organizational Data to train machine-learning models, whether our own or those of the providers we work with, and we do not sell personal information or share it for cross-context behavioral advertising.",
      ],
    },
    {
      id: "deidentified-data",
      heading: "Deidentified data",
      blocks: [
        "We may create deidentified or aggregated data from usage of the Service, for example the average number of sessions needed to reach a given level of understanding, and use it to measure and improve the Service and to publish general insights about learning.",
        "Deidentified data cannot reasonably be used to identify any person or organization. We keep it in that form, do not attempt to re-identify it, and require anyone we share it with to make the same commitment. It never includes the content of an organization's documents or conversations.",
      ],
    },
    {
      id: "sharing",
      heading: "How we share information",
      blocks: [
        "We share information only as described here:",
        {
          list: [
            "with service providers that host, secure and support the Service on our behalf (for example cloud hosting, speech-to-text and email delivery), under contracts that limit their use of the data to our instructions and prohibit training on it;",
            "within your organization, with the people your organization authorizes;",
            "when required by law, or to protect the rights, safety and security of our users, the public or Dialogic;",
            "with a successor in a merger, acquisition or sale of assets, which will remain bound by this policy for data already collected.",
          ],
        },
      ],
    },
    {
      id: "retention-and-security",
      heading: "Retention and security",
      blocks: [
        "We keep information for as long as an organization's account is active or as needed to provide the Service, and afterwards only as long as the law requires. Website messages are kept for up to two years.",
        "We protect information with encryption in transit and at rest, role-based access controls, logging and monitoring, regular testing, and a public responsible disclosure program. No system is perfectly secure, but we work continuously to protect the data entrusted to us.",
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights and choices",
      blocks: [
        "Depending on where you live, you may have the right to access, correct, delete or export your personal information, to object to or restrict certain processing, and to complain to a data protection authority. For Organizational Data, please contact your organization, which controls that data; for anything else, contact us using the details below. We will not discriminate against you for exercising your rights.",
      ],
    },
    {
      id: "age",
      heading: "Age requirement",
      blocks: [
        "The Service is intended for professionals and is not directed to anyone under 18. We do not knowingly collect personal information from children, and we will delete it if we learn that we have.",
      ],
    },
    {
      id: "international-transfers",
      heading: "International transfers",
      blocks: [
        "Dialogic is based in the United States. Where information is transferred across borders, we use appropriate safeguards, such as standard contractual clauses, to protect it in line with this policy and applicable law.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      blocks: [
        "We may update this policy as the Service evolves. We will change the effective date above and, for material changes, notify organization admins in advance by email or in the Service.",
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      blocks: [
        "For any question about this policy or about how we handle information, write to us by email or by post:",
        { contact: ["email", "address"] },
      ],
    },
  ],
};

/** Search and social-card metadata of the page: the words a marketer tunes; the title is its link's. */
export const privacyMeta = linkedPageMeta("/privacy", {
  description: "How Dialogic collects, uses and protects information, including organizational and employee data.",
  keywords: ["privacy policy", "data protection"],
});
