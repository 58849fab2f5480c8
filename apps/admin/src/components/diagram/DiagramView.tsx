import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import Viewer from 'bpmn-js/lib/Viewer';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import './diagram.css';
import { bencaoModdle } from '@bencao/contracts';
import type { Marker } from './markers';

export interface DiagramViewProps {
  xml: string;
  markers?: readonly Marker[];
  /** pan and zoom with the mouse (bpmn-js NavigatedViewer); otherwise the plain Viewer */
  navigated?: boolean;
  height?: number | string;
  /** an element was clicked (e.g. to show its activity instances) */
  onElementClick?: (elementId: string) => void;
  testId?: string;
}

/** The few diagram-js services a read-only viewer uses, typed narrowly. */
interface Shape { id: string; type: string; labelTarget?: Shape }
interface ViewerServices {
  elementRegistry: { get(id: string): Shape | undefined };
  canvas: { zoom(level: 'fit-viewport', center: 'auto'): number; addMarker(id: string, marker: string): void; removeMarker(id: string, marker: string): void };
  eventBus: { on(event: string, cb: (e: { element?: Shape }) => void): void };
}
const services = (v: { get(name: string): unknown }): ViewerServices => ({
  elementRegistry: v.get('elementRegistry') as ViewerServices['elementRegistry'],
  canvas: v.get('canvas') as ViewerServices['canvas'],
  eventBus: v.get('eventBus') as ViewerServices['eventBus'],
});

/** A read-only BPMN diagram (a version, an instance's trace) with marker classes on its elements. */
export default function DiagramView({ xml, markers = [], navigated, height = 420, onElementClick, testId }: DiagramViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const viewer = useRef<Viewer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(0);
  const click = useRef(onElementClick);
  click.current = onElementClick;

  useEffect(() => {
    const Kind = navigated ? NavigatedViewer : Viewer;
    const v = new Kind({ container: container.current!, moddleExtensions: { bencao: bencaoModdle as never } });
    viewer.current = v;
    services(v).eventBus.on('element.click', (e) => {
      const el = e.element as Shape | undefined;
      const target = el?.labelTarget ?? el;
      if (target && target.type !== 'bpmn:Process') click.current?.(target.id);
    });
    return () => { v.destroy(); viewer.current = null; };
  }, [navigated]);

  useEffect(() => {
    const v = viewer.current;
    if (!v) return;
    let cancelled = false;
    v.importXML(xml).then(() => {
      if (cancelled) return;
      setError(null);
      services(v).canvas.zoom('fit-viewport', 'auto');
      setReady((n) => n + 1);
    }).catch((e: Error) => { if (!cancelled) setError(e.message); });
    return () => { cancelled = true; };
  }, [xml, navigated]);

  useEffect(() => {
    const v = viewer.current;
    if (!v || !ready) return;
    const { canvas, elementRegistry } = services(v);
    const shown = markers.filter((m) => elementRegistry.get(m.id));
    for (const m of shown) canvas.addMarker(m.id, m.className);
    return () => { for (const m of shown) if (elementRegistry.get(m.id)) canvas.removeMarker(m.id, m.className); };
  }, [markers, ready]);

  return (
    <>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} />}
      <div className="wf-viewer" style={{ height }} data-testid={testId}>
        <div ref={container} className="wf-canvas" />
      </div>
    </>
  );
}
