import { describe, expect, it } from 'vitest';
import { BpmnModdle } from 'bpmn-moddle';
import { bencaoModdle } from '@bencao/contracts';
import { MARKERS, minimalDiagram, problemIds, processOf, traceMarkers } from './diagram';

describe('instance trace markers', () => {
  it('marks flows taken, nodes done and nodes active; a node active again shows as active only', () => {
    const markers = traceMarkers({
      completedNodeIds: ['Start', 'Review', 'Review'], activeNodeIds: ['Review', 'Approve'], takenFlowIds: ['F1', 'F2', 'F1'],
      jobs: [{ elementId: 'Notify', status: 'failed' }, { elementId: 'Timer', status: 'pending' }, { elementId: null, status: 'failed' }],
    });
    expect(markers).toEqual([
      { id: 'F1', className: MARKERS.taken }, { id: 'F2', className: MARKERS.taken },
      { id: 'Start', className: MARKERS.done },
      { id: 'Review', className: MARKERS.active }, { id: 'Approve', className: MARKERS.active },
      { id: 'Notify', className: MARKERS.failed },
    ]);
  });

  it('drops ids the diagram does not have', () => {
    const known = new Set(['A', 'F']);
    expect(traceMarkers({ completedNodeIds: ['A', 'Gone'], activeNodeIds: ['Old'], takenFlowIds: ['F', 'G'] }, (id) => known.has(id)))
      .toEqual([{ id: 'F', className: MARKERS.taken }, { id: 'A', className: MARKERS.done }]);
  });

  it('points publish problems at their elements once each', () => {
    expect(problemIds([
      { elementId: 'Task_1', message: 'no participants' }, { elementId: null, message: 'no start event' },
      { elementId: 'Task_1', message: 'bad due time' }, { elementId: 'Flow_9', message: 'bad condition' },
    ], (id) => id !== 'Flow_9')).toEqual(['Task_1']);
  });
});

describe('minimal diagram', () => {
  it('is a valid start → user task → end process whose id is the key (names escaped)', async () => {
    const xml = minimalDiagram('leave_request', 'Leave & "away"', { start: '开始', task: '审批', end: '结束' });
    const moddle = new BpmnModdle({ bencao: bencaoModdle as never });
    const { rootElement, warnings } = await moddle.fromXML(xml);
    expect(warnings).toEqual([]);
    const process = (rootElement as unknown as { rootElements: { id: string; name: string; flowElements: { $type: string; id: string; name?: string }[] }[] }).rootElements[0];
    expect(process.id).toBe('leave_request');
    expect(process.name).toBe('Leave & "away"');
    expect(process.flowElements.map((e) => e.$type)).toEqual(['bpmn:StartEvent', 'bpmn:UserTask', 'bpmn:EndEvent', 'bpmn:SequenceFlow', 'bpmn:SequenceFlow']);
    expect(process.flowElements[1].name).toBe('审批');
    expect(processOf(xml)).toEqual({ id: 'leave_request', name: 'Leave &amp; &quot;away&quot;' });
    expect(processOf('<x/>')).toEqual({ id: null, name: null });
  });
});
