import { z } from "zod";
import { NO_NUL } from "./text.ts";
import { fullNameSchema, mobileSchema } from "./user.ts";

/**
 * Professionals apply at `/join` (issue 16); operators verify or reject them in `/ops`. The rules of
 * the application and its documents, shared by the form and the server.
 */
export const APPLICATION_RULES = {
  /** Every document together: an identity document and an address proof, a photo or a PDF each. */
  maxFiles: 4,
  maxFileBytes: 5 * 1024 * 1024,
  maxSkills: 20,
  maxYearsExperience: 60,
  /** Documents are deleted at once on rejection, and this many days after any decision. */
  keepDocumentsDays: 90,
} as const;

/** What a document may be, decided from its bytes (never its name or the browser's claim). */
export const DOCUMENT_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_KINDS = ["identity", "address"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABEL: Record<DocumentKind, string> = {
  identity: "Identity document",
  address: "Address proof",
};

/** The documents' file input accepts these; the server checks the bytes anyway. */
export const DOCUMENT_ACCEPT = ".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf";

const text = (what: string, max: number) =>
  z
    .string()
    .regex(NO_NUL, `${what} may not contain NUL characters.`)
    .trim()
    .min(1, `Enter ${what.toLowerCase()}.`)
    .max(max, `${what} can be at most ${max} characters.`);

/**
 * The application's fields, sent as the JSON part `details` of a multipart form beside the files
 * (`identity` and `address`, each repeated for a document of several pages).
 */
export const applicationDetailsSchema = z
  .object({
    fullName: fullNameSchema,
    mobile: mobileSchema,
    email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address")),
    skills: z
      .array(z.string().min(1).max(100))
      .min(1, "Choose at least one skill.")
      .max(APPLICATION_RULES.maxSkills, `Choose at most ${APPLICATION_RULES.maxSkills} skills.`)
      .refine((skills) => new Set(skills).size === skills.length, "Each skill only once."),
    /** A place chosen from the place search (`/api/geo/search`). */
    homeLocality: z
      .object({ name: text("The locality", 120), lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) })
      .strict(),
    yearsExperience: z
      .number({ error: "Enter your years of experience." })
      .int("Years of experience is a whole number.")
      .min(0, "Years of experience cannot be negative.")
      .max(APPLICATION_RULES.maxYearsExperience, "That is more years than we can believe."),
  })
  .strict();
export type ApplicationDetails = z.infer<typeof applicationDetailsSchema>;

export const APPLICATION_STATUSES = ["received", "verified", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** What an operator confirms before verifying: every box, a police verification reference, the skills. */
export const verificationChecklistSchema = z
  .object({
    identityChecked: z.literal(true, { error: "Check the identity document first." }),
    addressChecked: z.literal(true, { error: "Check the address proof first." }),
    policeVerificationRef: text("The police verification reference", 60),
    /** The skills the operator confirmed: some or all of those applied for. */
    skillsConfirmed: z.array(z.string().min(1).max(100)).min(1, "Confirm at least one skill."),
  })
  .strict();
export type VerificationChecklist = z.infer<typeof verificationChecklistSchema>;

export const rejectApplicationSchema = z
  .object({ reason: text("The reason", 500).pipe(z.string().min(5, "Give the applicant a reason.")) })
  .strict();

/** `POST /api/applications`. */
export const applicationReceivedSchema = z.object({ id: z.string(), receivedAt: z.string() });

export const applicationSummarySchema = z.object({
  id: z.string(),
  fullName: z.string(),
  skills: z.array(z.string()),
  homeLocality: z.string(),
  yearsExperience: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  receivedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

export const applicationDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  contentType: z.enum(DOCUMENT_TYPES),
  sizeBytes: z.number().int(),
  originalName: z.string(),
  /** Where an operator's browser fetches it (operators only). */
  url: z.string(),
});

export const applicationDetailSchema = applicationSummarySchema.extend({
  mobile: z.string(),
  email: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** Empty once the documents have been deleted. */
  documents: z.array(applicationDocumentSchema),
  documentsDeletedAt: z.string().nullable(),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  checklist: verificationChecklistSchema.nullable(),
  rejectReason: z.string().nullable(),
  mateId: z.string().nullable(),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

export const applicationListSchema = z.object({ applications: z.array(applicationSummarySchema) });
export const applicationResponseSchema = z.object({ application: applicationDetailSchema });
