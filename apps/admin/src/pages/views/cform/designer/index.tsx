import { Designer } from '@/features/cform/Designer';

/** Cloud forms › Form designer (`?id=` opens a form; without it a new one). */
export default function CformDesignerPage() {
  return <Designer />;
}
