import type { ModdleElement, ModdleFactory } from './extension';

/**
 * The few bpmn-js / diagram-js services the console uses, typed narrowly (bpmn-js's own typings give
 * `get(name): unknown`-like answers for these).
 */
export interface Shape {
  id: string;
  type: string;
  businessObject: ModdleElement;
  source?: Shape;
  target?: Shape;
  parent?: Shape;
  labelTarget?: Shape;
}

export interface Modeling {
  updateProperties(element: Shape, props: Record<string, unknown>): void;
  updateModdleProperties(element: Shape, target: ModdleElement, props: Record<string, unknown>): void;
}
export interface ElementRegistry { get(id: string): Shape | undefined; getAll(): Shape[] }
export interface Selection { select(element: Shape | Shape[] | null): void; get(): Shape[] }
export interface Canvas {
  zoom(level?: 'fit-viewport' | number, center?: 'auto' | { x: number; y: number }): number;
  getRootElement(): Shape;
  addMarker(element: Shape | string, marker: string): void;
  removeMarker(element: Shape | string, marker: string): void;
  scrollToElement(element: Shape | string, padding?: number): void;
  focus?(): void;
}
export interface CommandStack { undo(): void; redo(): void; canUndo(): boolean; canRedo(): boolean; clear(): void }
export interface EventBus {
  on(event: string, cb: (e: { element?: Shape; newSelection?: Shape[]; elements?: Shape[] }) => void): void;
  off(event: string, cb: (...a: never[]) => void): void;
  fire(event: string, data?: unknown): void;
}

/** Anything with bpmn-js's injector. */
export interface Injector { get(name: string): unknown }

/** The modeler's services. */
export function services(diagram: Injector) {
  return {
    modeling: diagram.get('modeling') as Modeling,
    moddle: diagram.get('moddle') as ModdleFactory,
    elementRegistry: diagram.get('elementRegistry') as ElementRegistry,
    selection: diagram.get('selection') as Selection,
    canvas: diagram.get('canvas') as Canvas,
    commandStack: diagram.get('commandStack') as CommandStack,
    eventBus: diagram.get('eventBus') as EventBus,
  };
}
export type Services = ReturnType<typeof services>;
