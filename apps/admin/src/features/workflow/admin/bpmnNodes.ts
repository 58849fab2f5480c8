/** A flow node of a BPMN diagram, as pickers list it. */
export interface BpmnNode { id: string; name: string | null; type: string }

const NODE_TYPES = new Set([
  'userTask', 'serviceTask', 'scriptTask', 'sendTask', 'receiveTask', 'manualTask', 'businessRuleTask', 'task', 'callActivity', 'subProcess',
  'startEvent', 'endEvent', 'intermediateCatchEvent', 'intermediateThrowEvent', 'boundaryEvent',
  'exclusiveGateway', 'parallelGateway', 'inclusiveGateway', 'eventBasedGateway',
]);

/**
 * The flow nodes of a BPMN 2.0 XML (every process, sub-processes included), in document order; `types`
 * keeps only some (e.g. ['userTask']). Answers [] for XML that does not parse.
 */
export function bpmnNodes(xml: string | null | undefined, types?: readonly string[]): BpmnNode[] {
  if (!xml) return [];
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return [];
  const out: BpmnNode[] = [];
  const all = doc.getElementsByTagName('*');
  for (let i = 0; i < all.length; i++) {
    const el = all[i];
    const type = el.localName;
    if (!NODE_TYPES.has(type) || (types && !types.includes(type))) continue;
    const id = el.getAttribute('id');
    if (id) out.push({ id, name: el.getAttribute('name') || null, type });
  }
  return out;
}
