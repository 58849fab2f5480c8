import { describe, expect, it } from 'vitest';
import { elementNames } from './elementNames';
import { detailFromSearch } from './useDetailParam';
import { shownAction } from './HistoryTimeline';
import { fileSize } from './Attachments';

describe('the task detail\'s helpers', () => {
  it('opens the task or instance a link names', () => {
    expect(detailFromSearch(new URLSearchParams('task=12'))).toEqual({ kind: 'task', id: 12 });
    expect(detailFromSearch(new URLSearchParams('tab=cc&instance=7'))).toEqual({ kind: 'instance', id: 7 });
    expect(detailFromSearch(new URLSearchParams('task=abc'))).toBeNull();
    expect(detailFromSearch(new URLSearchParams(''))).toBeNull();
  });

  it('names the diagram\'s elements from its XML', () => {
    const xml = `<?xml version="1.0"?><bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI">
      <bpmn:process id="purchase" name="采购申请"><bpmn:userTask id="head" name="部门负责人审批" /><bpmn:sequenceFlow id="f1" sourceRef="a" targetRef="head" /></bpmn:process>
      <bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="p" bpmnElement="purchase"><bpmndi:BPMNShape id="head_di" bpmnElement="head" /></bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
    </bpmn:definitions>`;
    const names = elementNames(xml);
    expect(names.get('head')).toBe('部门负责人审批');
    expect(names.get('purchase')).toBe('采购申请');
    expect(names.has('f1')).toBe(false);
  });

  it('shows a completed task by its decision', () => {
    const h = { actorName: 'x', at: '2026-01-01T00:00:00Z', comment: null, elementId: 'head' };
    expect(shownAction({ ...h, action: 'taskComplete', data: { outcome: 'approve' } })).toBe('approve');
    expect(shownAction({ ...h, action: 'taskComplete', data: null })).toBe('taskComplete');
    expect(shownAction({ ...h, action: 'urge', data: { outcome: 'approve' } })).toBe('urge');
  });

  it('writes file sizes for people', () => {
    expect(fileSize(512)).toBe('512 B');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(20 * 1024 * 1024)).toBe('20 MB');
  });
});
