import type { PublishProblem } from '@bencao/contracts';

// the markers moved down to the shared viewer (the tasks screens show the same trace)
export { MARKERS, traceMarkers, type InstanceTrace, type Marker } from '@/components/diagram/markers';

/** The elements publish problems point at (once each; problems about the whole diagram have none). */
export function problemIds(problems: readonly PublishProblem[], known?: (id: string) => boolean): string[] {
  return [...new Set(problems.map((p) => p.elementId).filter((id): id is string => !!id && (!known || known(id))))];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A new definition's first diagram: start → user task → end, the process id being the definition key. */
export function minimalDiagram(key: string, name: string, labels: { start: string; task: string; end: string }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:bencao="http://bencao.dev/schema/bpmn" id="Definitions_${esc(key)}" targetNamespace="http://bencao.dev/bpmn">
  <bpmn:process id="${esc(key)}" name="${esc(name)}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1" name="${esc(labels.start)}">
      <bpmn:outgoing>Flow_1</bpmn:outgoing>
    </bpmn:startEvent>
    <bpmn:userTask id="Task_1" name="${esc(labels.task)}">
      <bpmn:incoming>Flow_1</bpmn:incoming>
      <bpmn:outgoing>Flow_2</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:endEvent id="EndEvent_1" name="${esc(labels.end)}">
      <bpmn:incoming>Flow_2</bpmn:incoming>
    </bpmn:endEvent>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="Task_1" />
    <bpmn:sequenceFlow id="Flow_2" sourceRef="Task_1" targetRef="EndEvent_1" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${esc(key)}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1"><dc:Bounds x="182" y="162" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="178" y="205" width="44" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Task_1_di" bpmnElement="Task_1"><dc:Bounds x="280" y="140" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="EndEvent_1_di" bpmnElement="EndEvent_1"><dc:Bounds x="442" y="162" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="438" y="205" width="44" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="Flow_1_di" bpmnElement="Flow_1"><di:waypoint x="218" y="180" /><di:waypoint x="280" y="180" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_2_di" bpmnElement="Flow_2"><di:waypoint x="380" y="180" /><di:waypoint x="442" y="180" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/** The first process's id and name in an XML text (for the import form), without a full parse. */
export function processOf(xml: string): { id: string | null; name: string | null } {
  const m = /<(?:\w+:)?process\b([^>]*)>/.exec(xml);
  if (!m) return { id: null, name: null };
  const attr = (n: string) => new RegExp(`\\s${n}="([^"]*)"`).exec(m[1])?.[1] ?? null;
  return { id: attr('id'), name: attr('name') };
}
