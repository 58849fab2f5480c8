import { DefinitionsScreen } from '@/features/workflow/definitions/DefinitionList';

/** Workflow › process definitions (and their modeler). */
export default function Page() {
  return <DefinitionsScreen />;
}
