/**
 * The modeler offers only what the engine runs (docs/WORKFLOW.md "Supported BPMN subset"): bpmn-js's
 * palette, context pad and "change element" menu offer every BPMN type, and their "task" is a plain
 * `bpmn:Task`, which publishing refuses. This bpmn-js module replaces the palette's entries, makes the
 * context pad's "append task" a user task, and keeps only supported types in the change menu.
 */

type Translate = (text: string) => string;
interface ShapeOptions { type: string; eventDefinitionType?: string; isExpanded?: boolean; x?: number; y?: number; parent?: unknown }
interface ElementFactory { createShape(o: ShapeOptions): unknown }
interface Create { start(event: unknown, shape: unknown, context?: Record<string, unknown>): void }
interface AutoPlace { append(source: unknown, shape: unknown): void }
interface AppendPreview { create(source: unknown, type: string, options?: Record<string, unknown>): void; cleanUp(): void }
interface Tool { [k: string]: (event: unknown) => void }
type Entry = { group?: string; className?: string; title?: string; separator?: boolean; action?: Record<string, unknown> };
type Entries = Record<string, Entry>;
interface Palette { registerProvider(priority: number, provider: unknown): void }
interface ContextPad { registerProvider(priority: number, provider: unknown): void }
interface PopupMenu { registerProvider(id: string, priority: number, provider: unknown): void }

/**
 * providers run in priority order, highest first, each changing what the ones before gave; bpmn-js's own are
 * at the default 1000, so ours come after them
 */
const LATER = 500;

/** the palette's own tools, kept as bpmn-js makes them */
const TOOLS = ['hand-tool', 'lasso-tool', 'space-tool', 'global-connect-tool', 'tool-separator'];

/** "change element" entries of supported types (bpmn-js's action names) and the toggles the engine reads */
export const SUPPORTED_REPLACE = new Set([
  'replace-with-none-start', 'replace-with-timer-start', 'replace-with-none-end', 'replace-with-terminate-end',
  'replace-with-timer-intermediate-catch', 'replace-with-timer-boundary', 'replace-with-non-interrupting-timer-boundary',
  'replace-with-user-task', 'replace-with-service-task', 'replace-with-call-activity',
  'replace-with-collapsed-subprocess', 'replace-with-expanded-subprocess', 'replace-with-subprocess',
  'replace-with-exclusive-gateway', 'replace-with-parallel-gateway', 'replace-with-inclusive-gateway',
  'replace-with-sequence-flow', 'replace-with-default-flow', 'replace-with-conditional-flow',
  'toggle-parallel-mi', 'toggle-sequential-mi', 'toggle-non-interrupting',
]);

/** the context pad's appends: a user task instead of bpmn-js's plain task, a timer instead of a none throw event */
const KEEP_PAD = new Set(['append.end-event', 'append.gateway', 'append.text-annotation', 'append.timer-intermediate-event', 'replace', 'delete', 'connect']);

/** keeps only the supported entries of a "change element" menu */
export function supportedReplaceEntries<T>(entries: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(entries).filter(([k]) => SUPPORTED_REPLACE.has(k)));
}

function SupportedPalette(this: unknown, palette: Palette, create: Create, elementFactory: ElementFactory, translate: Translate) {
  const make = (group: string, className: string, title: string, options: ShapeOptions): Entry => {
    const start = (event: unknown) => create.start(event, elementFactory.createShape(options));
    return { group, className, title: translate(title), action: { dragstart: start, click: start } };
  };
  const subProcess = (event: unknown) => {
    const sub = elementFactory.createShape({ type: 'bpmn:SubProcess', x: 0, y: 0, isExpanded: true });
    const start = elementFactory.createShape({ type: 'bpmn:StartEvent', x: 40, y: 82, parent: sub });
    create.start(event, [sub, start], { hints: { autoSelect: [sub] } });
  };
  palette.registerProvider(LATER, {
    getPaletteEntries: () => (entries: Entries): Entries => ({
      ...Object.fromEntries(TOOLS.filter((k) => entries[k]).map((k) => [k, entries[k]])),
      'create.start-event': make('event', 'bpmn-icon-start-event-none', 'Create start event', { type: 'bpmn:StartEvent' }),
      'create.timer-catch': make('event', 'bpmn-icon-intermediate-event-catch-timer', 'Create timer intermediate catch event',
        { type: 'bpmn:IntermediateCatchEvent', eventDefinitionType: 'bpmn:TimerEventDefinition' }),
      'create.end-event': make('event', 'bpmn-icon-end-event-none', 'Create end event', { type: 'bpmn:EndEvent' }),
      'create.exclusive-gateway': make('gateway', 'bpmn-icon-gateway-xor', 'Create exclusive gateway', { type: 'bpmn:ExclusiveGateway' }),
      'create.parallel-gateway': make('gateway', 'bpmn-icon-gateway-parallel', 'Create parallel gateway', { type: 'bpmn:ParallelGateway' }),
      'create.inclusive-gateway': make('gateway', 'bpmn-icon-gateway-or', 'Create inclusive gateway', { type: 'bpmn:InclusiveGateway' }),
      'create.user-task': make('activity', 'bpmn-icon-user-task', 'Create user task', { type: 'bpmn:UserTask' }),
      'create.service-task': make('activity', 'bpmn-icon-service-task', 'Create service task', { type: 'bpmn:ServiceTask' }),
      'create.call-activity': make('activity', 'bpmn-icon-call-activity', 'Create call activity', { type: 'bpmn:CallActivity' }),
      'create.subprocess-expanded': {
        group: 'activity', className: 'bpmn-icon-subprocess-expanded', title: translate('Create expanded sub-process'),
        action: { dragstart: subProcess, click: subProcess },
      },
    }),
  });
}
SupportedPalette.$inject = ['palette', 'create', 'elementFactory', 'translate'];

interface Injector { get(name: string, strict?: boolean): unknown }

function SupportedContextPad(this: unknown, contextPad: ContextPad, create: Create, elementFactory: ElementFactory, injector: Injector, translate: Translate) {
  const autoPlace = injector.get('autoPlace', false) as AutoPlace | null;
  const appendPreview = injector.get('appendPreview', false) as AppendPreview | null;
  const appendUserTask = (): Entry => {
    const options: ShapeOptions = { type: 'bpmn:UserTask' };
    const start = (event: unknown, element: unknown) => create.start(event, elementFactory.createShape(options), { source: element });
    const append = autoPlace ? (_: unknown, element: unknown) => autoPlace.append(element, elementFactory.createShape(options)) : start;
    const hover = autoPlace && appendPreview ? (_: unknown, element: unknown) => {
      appendPreview.create(element, options.type, {});
      return () => appendPreview.cleanUp();
    } : undefined;
    return { group: 'model', className: 'bpmn-icon-user-task', title: translate('Append user task'), action: { dragstart: start, click: append, ...(hover ? { hover } : {}) } };
  };
  contextPad.registerProvider(LATER, {
    getContextPadEntries: () => (entries: Entries): Entries => {
      const out: Entries = {};
      for (const [k, v] of Object.entries(entries)) {
        if (k === 'append.append-task') out[k] = appendUserTask();
        else if (KEEP_PAD.has(k)) out[k] = v;
      }
      return out;
    },
  });
}
SupportedContextPad.$inject = ['contextPad', 'create', 'elementFactory', 'injector', 'translate'];

function SupportedReplaceMenu(this: unknown, popupMenu: PopupMenu) {
  popupMenu.registerProvider('bpmn-replace', LATER, {
    getPopupMenuEntries: () => (entries: Record<string, unknown>) => supportedReplaceEntries(entries),
    getPopupMenuHeaderEntries: () => (entries: Record<string, unknown>) => supportedReplaceEntries(entries),
  });
}
SupportedReplaceMenu.$inject = ['popupMenu'];

/** the bpmn-js module: added to the modeler's `additionalModules` */
export const supportedElementsModule = {
  __init__: ['supportedPalette', 'supportedContextPad', 'supportedReplaceMenu'],
  supportedPalette: ['type', SupportedPalette],
  supportedContextPad: ['type', SupportedContextPad],
  supportedReplaceMenu: ['type', SupportedReplaceMenu],
};
