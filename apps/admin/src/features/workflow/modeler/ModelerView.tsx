import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Divider, List, Space, Spin, Tag, Tooltip, Typography, Upload } from 'antd';
import {
  ArrowLeftOutlined, CloudUploadOutlined, CompressOutlined, DownloadOutlined, RedoOutlined, SaveOutlined, UndoOutlined, UploadOutlined,
  WarningOutlined, ZoomInOutlined, ZoomOutOutlined,
} from '@ant-design/icons';
import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import '@/components/diagram/diagram.css';
import './diagram.css';
import { bencaoModdle, type PublishProblem } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { confirmAction } from '@/components/confirm';
import locales from '../locales';
import { engineApi, engineKeys, publishProblems } from '../api/engine';
import { createTranslate, translateModule, type BpmnTexts, type Translate } from './translate';
import { MARKERS, minimalDiagram, problemIds } from './diagram';
import { services, type Services, type Shape } from './services';
import { supportedElementsModule } from './supportedElements';
import { NoSelection, PropertiesPanel } from './PropertiesPanel';

type Lang = keyof typeof locales;
const bpmnTexts = (lang: string): BpmnTexts => (locales[(lang in locales ? lang : 'en') as Lang].modeler.bpmn as BpmnTexts);

/** bpmn-js's translate in the console's language; swapped in place when the language changes. */
function useLiveTranslate(lang: string) {
  const holder = useRef<{ fn: Translate }>({ fn: createTranslate(bpmnTexts('en'), bpmnTexts(lang)) });
  const live = useMemo<Translate>(() => (template, replacements) => holder.current.fn(template, replacements), []);
  return { holder, live };
}

/**
 * The process modeler: bpmn-js (palette, context pad, keyboard on the canvas, undo/redo) with our own
 * properties panel; saves the draft XML, publishes it and lists what the server refused.
 */
export default function ModelerView({ definitionId, onClose }: { definitionId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation('workflow');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const qc = useQueryClient();
  const container = useRef<HTMLDivElement>(null);
  const [svc, setSvc] = useState<Services | null>(null);
  const modelerRef = useRef<Modeler | null>(null);
  const [selected, setSelected] = useState<Shape | null>(null);
  const [, setRev] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [stack, setStack] = useState({ undo: false, redo: false });
  const [problems, setProblems] = useState<PublishProblem[]>([]);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const { holder, live } = useLiveTranslate(i18n.language);

  const detail = useQuery({ queryKey: engineKeys.definition(definitionId), queryFn: () => engineApi.definition(definitionId) });
  const def = detail.data;

  // one bpmn-js modeler for the life of the view
  useEffect(() => {
    const modeler = new Modeler({
      container: container.current!,
      moddleExtensions: { bencao: bencaoModdle as never },
      additionalModules: [translateModule(live) as never, supportedElementsModule as never],
    });
    modelerRef.current = modeler;
    const s = services(modeler);
    s.eventBus.on('selection.changed', (e) => setSelected(e.newSelection?.length === 1 ? e.newSelection[0] : null));
    s.eventBus.on('elements.changed', () => setRev((r) => r + 1));
    s.eventBus.on('commandStack.changed', () => {
      setStack({ undo: s.commandStack.canUndo(), redo: s.commandStack.canRedo() });
      setDirty(s.commandStack.canUndo());
    });
    setSvc(s);
    return () => { modeler.destroy(); modelerRef.current = null; };
  }, [live]);

  // the language of bpmn-js's own texts follows the console's
  useEffect(() => {
    holder.current.fn = createTranslate(bpmnTexts('en'), bpmnTexts(i18n.language));
    svc?.eventBus.fire('i18n.changed');
  }, [i18n.language, svc, holder]);

  const loadXml = useCallback(async (xml: string, markDirty = false) => {
    const modeler = modelerRef.current;
    if (!modeler || !svc) return;
    try {
      await modeler.importXML(xml);
      setImportError(null);
      svc.canvas.zoom('fit-viewport', 'auto');
      setSelected(null);
      setProblems([]);
      if (markDirty) setDirty(true);
    } catch (e) {
      setImportError((e as Error).message);
    }
  }, [svc]);

  // the draft of the definition, or the minimal diagram for a new one
  const loadedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!def || !svc || loadedFor.current === def.id) return;
    loadedFor.current = def.id;
    void loadXml(def.xml?.trim() ? def.xml : minimalDiagram(def.key, def.name, { start: t('modeler.seed.start'), task: t('modeler.seed.task'), end: t('modeler.seed.end') }));
  }, [def, svc, loadXml, t]);

  // problems found by the last publish: marked on the canvas
  useEffect(() => {
    if (!svc) return;
    const ids = problemIds(problems, (id) => !!svc.elementRegistry.get(id));
    for (const id of ids) svc.canvas.addMarker(id, MARKERS.problem);
    return () => { for (const id of ids) if (svc.elementRegistry.get(id)) svc.canvas.removeMarker(id, MARKERS.problem); };
  }, [problems, svc]);

  const currentXml = async () => (await modelerRef.current!.saveXML({ format: true })).xml ?? '';

  const save = async (quiet = false) => {
    setBusy('save');
    try {
      const xml = await currentXml();
      await engineApi.updateDefinition(definitionId, { xml });
      setDirty(false);
      void qc.invalidateQueries({ queryKey: engineKeys.definitions });
      void qc.invalidateQueries({ queryKey: engineKeys.definition(definitionId) });
      if (!quiet) void message.success(t('modeler.saved'));
      return true;
    } catch {
      return false; // the request client showed why
    } finally {
      setBusy(null);
    }
  };

  const publish = async () => {
    if (!(await save(true))) return;
    setBusy('publish');
    try {
      const v = await engineApi.publish(definitionId);
      setProblems([]);
      void message.success(t('modeler.published', { version: v.version }));
      void qc.invalidateQueries({ queryKey: engineKeys.definitions });
      void qc.invalidateQueries({ queryKey: engineKeys.definition(definitionId) });
      void qc.invalidateQueries({ queryKey: engineKeys.versions(definitionId) });
    } catch (e) {
      setProblems(publishProblems(e));
    } finally {
      setBusy(null);
    }
  };

  const showProblem = (p: PublishProblem) => {
    if (!svc || !p.elementId) return;
    const el = svc.elementRegistry.get(p.elementId);
    if (!el) return;
    svc.selection.select(el);
    svc.canvas.scrollToElement(el, 80);
  };

  const exportFile = async () => {
    const xml = await currentXml();
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([xml], { type: 'application/xml' }));
    a.download = `${def?.key ?? 'process'}.bpmn`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };

  const back = () => {
    if (!dirty) { onClose(); return; }
    void confirmAction(modal, t, () => onClose(), t('modeler.leaveUnsaved'));
  };

  const zoomBy = (f: number) => {
    const canvas = svc?.canvas;
    if (canvas) canvas.zoom(canvas.zoom() * f);
  };

  // the element the panel shows: the selection (a label stands for its element) or the process
  let panelElement: Shape | null = selected?.labelTarget ?? selected;
  if (panelElement && !svc?.elementRegistry.get(panelElement.id)) panelElement = null;
  const root = svc && def ? svc.canvas.getRootElement() : null;
  const shown = panelElement ?? (root?.businessObject ? root : null);
  const canEdit = can('bpm:definition:edit');
  const canPublish = can('bpm:definition:publish');

  return (
    <Card size="small" styles={{ body: { padding: 12 } }} data-testid="wf-modeler">
      <Space wrap style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={back}>{t('modeler.back')}</Button>
          <Typography.Text strong>{def ? `${def.name}（${def.key}）` : ''}</Typography.Text>
          {def && (def.latestVersion > 0 ? <Tag color="blue">v{def.latestVersion}</Tag> : <Tag>{t('definition.neverPublished')}</Tag>)}
          {dirty && <Tag color="orange">{t('modeler.unsaved')}</Tag>}
        </Space>
        <Space wrap size={4}>
          <Tooltip title={t('modeler.undo')}><Button aria-label={t('modeler.undo')} icon={<UndoOutlined />} disabled={!stack.undo} onClick={() => svc?.commandStack.undo()} /></Tooltip>
          <Tooltip title={t('modeler.redo')}><Button aria-label={t('modeler.redo')} icon={<RedoOutlined />} disabled={!stack.redo} onClick={() => svc?.commandStack.redo()} /></Tooltip>
          <Tooltip title={t('modeler.zoomIn')}><Button aria-label={t('modeler.zoomIn')} icon={<ZoomInOutlined />} onClick={() => zoomBy(1.2)} /></Tooltip>
          <Tooltip title={t('modeler.zoomOut')}><Button aria-label={t('modeler.zoomOut')} icon={<ZoomOutOutlined />} onClick={() => zoomBy(1 / 1.2)} /></Tooltip>
          <Tooltip title={t('modeler.fit')}><Button aria-label={t('modeler.fit')} icon={<CompressOutlined />} onClick={() => svc?.canvas.zoom('fit-viewport', 'auto')} /></Tooltip>
          <Divider orientation="vertical" />
          <Upload
            accept=".bpmn,.xml" showUploadList={false}
            beforeUpload={(file) => { void file.text().then((xml) => loadXml(xml, true)); return false; }}
          >
            <Button icon={<UploadOutlined />} disabled={!canEdit}>{t('modeler.importFile')}</Button>
          </Upload>
          <Button icon={<DownloadOutlined />} onClick={() => void exportFile()}>{t('modeler.exportFile')}</Button>
          <Button icon={<SaveOutlined />} disabled={!canEdit} loading={busy === 'save'} onClick={() => void save()}>{t('modeler.save')}</Button>
          <Button type="primary" icon={<CloudUploadOutlined />} disabled={!canPublish} loading={busy === 'publish'} onClick={() => void publish()}>{t('modeler.publish')}</Button>
        </Space>
      </Space>
      {importError && <Alert type="error" showIcon style={{ marginBottom: 8 }} title={t('modeler.importFailed')} description={importError} closable onClose={() => setImportError(null)} />}
      <div className="wf-modeler-body">
        <div className="wf-canvas-wrap">
          {detail.isLoading && <Spin className="wf-canvas-spin" />}
          <div ref={container} className="wf-canvas" data-testid="wf-canvas" />
        </div>
        <div className="wf-side">
          {problems.length > 0 && (
            <Alert
              type="error" showIcon icon={<WarningOutlined />} style={{ marginBottom: 12, position: 'sticky', top: 0, zIndex: 2 }} data-testid="wf-problems"
              title={t('modeler.problems', { count: problems.length })}
              description={(
                <List
                  size="small" dataSource={problems}
                  renderItem={(p) => (
                    <List.Item style={{ padding: '4px 0', cursor: p.elementId ? 'pointer' : undefined }} onClick={() => showProblem(p)}>
                      <Typography.Text>
                        {p.elementId && <Typography.Text code>{p.elementId}</Typography.Text>} {p.message}
                      </Typography.Text>
                    </List.Item>
                  )}
                />
              )}
            />
          )}
          <Typography.Title level={5} style={{ marginTop: 0 }}>{t('modeler.properties')}</Typography.Title>
          {svc && shown ? <PropertiesPanel key={shown.id} svc={svc} element={shown} readOnlyId={shown === root} /> : <NoSelection />}
        </div>
      </div>
    </Card>
  );
}
