import { describe, expect, it } from 'vitest';
import { minimalDiagram } from '../modeler/diagram';
import { diffVersions } from './versionDiff';

const v1 = minimalDiagram('p', 'P', { start: 'Start', task: 'Review', end: 'End' });

describe('version comparison', () => {
  it('finds nothing between identical versions, whatever the layout', () => {
    const moved = v1.replace('<dc:Bounds x="280" y="140"', '<dc:Bounds x="300" y="200"');
    expect(diffVersions(v1, moved)).toEqual({ added: [], removed: [], changed: [] });
  });

  it('tells added, removed and changed elements apart', () => {
    const v2 = v1
      .replace('name="Review"', 'name="Manager review" bencao:dueIn="PT8H"')
      .replace('<bpmn:endEvent id="EndEvent_1"', '<bpmn:userTask id="Task_2" name="Archive" />\n<bpmn:endEvent id="EndEvent_1"')
      .replace('<bpmn:sequenceFlow id="Flow_2" sourceRef="Task_1" targetRef="EndEvent_1" />', '<bpmn:sequenceFlow id="Flow_3" sourceRef="Task_1" targetRef="EndEvent_1"><bpmn:conditionExpression>ok</bpmn:conditionExpression></bpmn:sequenceFlow>');
    expect(diffVersions(v1, v2)).toEqual({ added: ['Task_2', 'Flow_3'], removed: ['Flow_2'], changed: ['Task_1'] });
  });

  it('sees a changed condition body and a changed multi-instance setting', () => {
    const a = v1.replace('<bpmn:sequenceFlow id="Flow_2" sourceRef="Task_1" targetRef="EndEvent_1" />', '<bpmn:sequenceFlow id="Flow_2" sourceRef="Task_1" targetRef="EndEvent_1"><bpmn:conditionExpression>x &gt; 1</bpmn:conditionExpression></bpmn:sequenceFlow>');
    const b = a.replace('x &gt; 1', 'x &gt; 2');
    expect(diffVersions(a, b).changed).toEqual(['Flow_2']);
    const c = v1.replace('<bpmn:incoming>Flow_1</bpmn:incoming>', '<bpmn:incoming>Flow_1</bpmn:incoming><bpmn:multiInstanceLoopCharacteristics />');
    const d = v1.replace('<bpmn:incoming>Flow_1</bpmn:incoming>', '<bpmn:incoming>Flow_1</bpmn:incoming><bpmn:multiInstanceLoopCharacteristics isSequential="true" />');
    expect(diffVersions(c, d).changed).toEqual(['Task_1']);
  });
});
