import { z } from 'zod';
import { boundedDocumentSchema } from '../jsonLimits';
import { pageQuerySchema } from '../paging';

/**
 * Process definitions (API /api/workflow/definitions): a definition holds a key, a name and a draft
 * BPMN XML; each publish makes an immutable version (XML + the parsed model) that new instances use.
 */
export const DEFINITION_STATUSES = ['active', 'suspended'] as const;
export type DefinitionStatus = (typeof DEFINITION_STATUSES)[number];

export const DEFINITION_KEY_RE = /^[A-Za-z_][A-Za-z0-9_.\-]*$/;
export const MAX_BPMN_XML = 2 * 1024 * 1024;
/**
 * A document type declaration or an entity declaration: never expanded here, but a definition's XML is
 * exported onward to other tools, which might (XXE, billion laughs). Refused on save and import.
 */
export const XML_DTD_RE = /<!\s*(DOCTYPE|ENTITY)\b/i;
export const hasXmlDtd = (xml: string): boolean => XML_DTD_RE.test(xml);

const optText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));

export const workflowDefinitionSchema = z.object({
  key: z.string().trim().min(1).max(64).regex(DEFINITION_KEY_RE, { message: 'workflow.keyChars' }),
  name: z.string().trim().min(1).max(100),
  category: optText(50),
  description: optText(500),
  /** the draft BPMN 2.0 XML (what the modeler saves); optional on create */
  xml: z.string().max(MAX_BPMN_XML).refine((v) => !hasXmlDtd(v), { message: 'workflow.xmlDoctype' }).nullish().transform((v) => v ?? null),
});
export type WorkflowDefinitionInput = z.infer<typeof workflowDefinitionSchema>;

/** a copy of a definition's diagram under a key, name and category of its own (the dialog offers the original's category) */
export const workflowDefinitionCopySchema = workflowDefinitionSchema.pick({ key: true, name: true, category: true });
export type WorkflowDefinitionCopy = z.infer<typeof workflowDefinitionCopySchema>;

/** PUT: the same fields, all optional (the modeler saves only the XML) */
export const workflowDefinitionUpdateSchema = workflowDefinitionSchema.partial();
export type WorkflowDefinitionUpdate = z.infer<typeof workflowDefinitionUpdateSchema>;

export const workflowDefinitionQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  category: z.string().trim().max(50).optional(),
  status: z.enum(DEFINITION_STATUSES).optional(),
});
export type WorkflowDefinitionQuery = z.infer<typeof workflowDefinitionQuerySchema>;

/** process variables: within the document limits (../jsonLimits.ts: depth, size) */
export const workflowVariablesSchema = boundedDocumentSchema();

export const workflowStartSchema = z.object({
  businessKey: z.string().trim().max(100).nullish().transform((v) => (v ? v : null)),
  variables: workflowVariablesSchema.optional().default({}),
  /** the values of the start event's cloud form (issue 12) */
  form: boundedDocumentSchema().optional(),
});
export type WorkflowStartInput = z.infer<typeof workflowStartSchema>;

/** One problem found when publishing: the element (null: the whole diagram) and a translated message. */
export interface PublishProblem { elementId: string | null; message: string }

export interface WorkflowDefinition {
  id: number;
  key: string;
  name: string;
  category: string | null;
  description: string | null;
  status: DefinitionStatus;
  /** number of the newest version, 0 when never published */
  latestVersion: number;
  latestVersionId: number | null;
  /** the draft differs from the newest version */
  hasDraftChanges: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

export interface WorkflowDefinitionDetail extends WorkflowDefinition { xml: string | null }

export interface WorkflowVersion {
  id: number;
  definitionId: number;
  definitionKey: string;
  version: number;
  name: string;
  publishedBy: string | null;
  publishedAt: string;
  /** instances started on this version */
  instanceCount: number;
}

export interface WorkflowVersionDetail extends WorkflowVersion { xml: string }
