/**
 * What changed between two versions' diagrams, element by element: the process's flow elements are
 * compared by id on their type, attributes and inner content (conditions, timers, extension values).
 */
export interface VersionDiff { added: string[]; removed: string[]; changed: string[] }

const BPMN_NS = 'http://www.omg.org/spec/BPMN/20100524/MODEL';
/** children that are references or layout, not part of what an element is */
const IGNORED_CHILDREN = new Set(['incoming', 'outgoing']);

function signature(el: Element): string {
  const attrs = [...el.attributes].map((a) => `${a.name}=${a.value}`).sort().join('|');
  const children = [...el.children].filter((c) => !IGNORED_CHILDREN.has(c.localName)).map(signature).join(';');
  const text = el.children.length ? '' : (el.textContent ?? '').trim();
  return `${el.localName}[${attrs}](${children})${text}`;
}

/** id → signature of every element with an id inside the processes (nested sub-process content included). */
export function elementSignatures(xml: string): Map<string, string> {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const out = new Map<string, string>();
  const processes = [...(doc.documentElement?.children ?? [])].filter((c) => c.localName === 'process' && c.namespaceURI === BPMN_NS);
  for (const process of processes) {
    const walk = (parent: Element) => {
      for (const el of [...parent.children]) {
        const id = el.getAttribute('id');
        if (id && el.namespaceURI === BPMN_NS) {
          const clone = el.cloneNode(true) as Element;
          // a sub-process's own signature leaves its content out: the content is compared element by element
          for (const inner of [...clone.children]) if (inner.getAttribute('id') && inner.localName !== 'multiInstanceLoopCharacteristics') clone.removeChild(inner);
          out.set(id, signature(clone));
          walk(el);
        }
      }
    };
    walk(process);
  }
  return out;
}

export function diffVersions(oldXml: string, newXml: string): VersionDiff {
  const a = elementSignatures(oldXml);
  const b = elementSignatures(newXml);
  const added = [...b.keys()].filter((id) => !a.has(id));
  const removed = [...a.keys()].filter((id) => !b.has(id));
  const changed = [...b.keys()].filter((id) => a.has(id) && a.get(id) !== b.get(id));
  return { added, removed, changed };
}
