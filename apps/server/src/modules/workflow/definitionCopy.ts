import { getModdle } from './engine/model';

/**
 * A diagram under another process id and name (a definition's copy): the executable process is renamed,
 * and the diagram's plane, which refers to it, follows. Everything else (shapes, rules, forms) stays.
 */
export async function renameProcess(xml: string, id: string, name: string): Promise<string> {
  const moddle = getModdle();
  const { rootElement } = await moddle.fromXML(xml);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const processes = ((rootElement as any).rootElements ?? []).filter((r: any) => r.$type === 'bpmn:Process');
  const proc = processes.find((p: { isExecutable?: boolean }) => p.isExecutable) ?? processes[0];
  if (!proc) return xml;
  proc.id = id;
  proc.name = name;
  const { xml: out } = await moddle.toXML(rootElement, { format: true });
  return out;
}
