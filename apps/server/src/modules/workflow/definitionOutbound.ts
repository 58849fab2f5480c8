import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { wfPluginTypes } from '../../db/schema/index';
import { OutboundRefused, assertOutboundUrl } from '../../platform/outbound';
import type { Problem, ProcessModel } from './engine/model';

/**
 * The outbound rule (platform/outbound.ts) for URLs written into a definition: a service task whose
 * plugin type is an `httpCall` and whose `bencao:settings` hold a literal `url`. Checked when the
 * diagram is saved and published, as listeners and plugin types are; a `{{…}}` host is checked when
 * the task runs. One problem per refused task, naming it and the rule.
 */
export async function outboundProblems(db: Db, model: ProcessModel): Promise<Problem[]> {
  const services = Object.values(model.elements)
    .filter((e) => e.type === 'bpmn:ServiceTask' && e.plugin && typeof e.settings?.url === 'string');
  if (!services.length) return [];
  const types = await db.select({ code: wfPluginTypes.code, kind: wfPluginTypes.kind }).from(wfPluginTypes)
    .where(inArray(wfPluginTypes.code, [...new Set(services.map((e) => e.plugin!))]));
  const kinds = new Map(types.map((t) => [t.code, t.kind]));
  const problems: Problem[] = [];
  for (const el of services) {
    if (kinds.get(el.plugin!) !== 'httpCall') continue;
    try {
      await assertOutboundUrl(db, el.settings!.url as string, 'settings.url');
    } catch (e) {
      if (!(e instanceof OutboundRefused)) throw e;
      problems.push({ elementId: el.id, key: 'workflow.problem.outbound', params: { ...e.params, name: el.name ?? el.id, detail: e.key } });
    }
  }
  return problems;
}
