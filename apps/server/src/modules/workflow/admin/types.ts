import type { ListenerEvent } from '@bencao/contracts';
import type { Db } from '../../../db/client';

/** A database handle or a transaction of it: the engine may call these functions inside its own transaction. */
export type Q = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'selectDistinct'>;

/** What a participants' rule is resolved against. */
export interface ParticipantContext {
  instanceId: number | null;
  /** the account that started the instance (null: not known, e.g. a preview without starter) */
  starterAccountId: number | null;
  variables: Record<string, unknown>;
  now: Date;
  /** accounts whose activeness at `now` the caller has already read: not asked again */
  knownActive?: ReadonlyMap<number, boolean>;
}

/** An event of the engine that listeners may react to. */
export interface WorkflowEvent {
  type: ListenerEvent;
  definitionKey: string;
  definitionName?: string | null;
  instanceId: number;
  businessKey?: string | null;
  starterAccountId?: number | null;
  /** the BPMN element (task events, timeout) */
  elementId?: string | null;
  taskId?: number | null;
  taskName?: string | null;
  assigneeAccountId?: number | null;
  variables?: Record<string, unknown>;
  /** the engine's clock */
  at: Date;
}

/** What a plugin runs with. */
export interface PluginContext {
  instanceId: number | null;
  definitionKey: string | null;
  taskId?: number | null;
  starterAccountId: number | null;
  /** the account that pressed the button (null: a service task) */
  actorAccountId?: number | null;
  variables: Record<string, unknown>;
  lang?: 'en' | 'zh' | 'es' | 'ja';
  now: Date;
}
