/**
 * The names of a diagram's elements by id (the history and the return targets speak of element ids).
 * Reads the XML with the browser's parser; elements without a name are left out.
 */
export function elementNames(xml: string): Map<string, string> {
  const names = new Map<string, string>();
  if (!xml || typeof DOMParser === 'undefined') return names;
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  for (const el of Array.from(doc.getElementsByTagName('*'))) {
    const id = el.getAttribute('id');
    const name = el.getAttribute('name')?.trim();
    // shapes of the diagram interchange section repeat the ids under bpmnElement, without names
    if (id && name && !names.has(id)) names.set(id, name);
  }
  return names;
}
