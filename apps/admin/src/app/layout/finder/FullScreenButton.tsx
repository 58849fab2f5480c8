import { useEffect, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Shows the whole console on the screen (the browser's full-screen mode) and back. */
export function FullScreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const label = full ? t('screen.exit') : t('screen.enter');
  const toggle = () => void (full ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined);
  return <Tooltip title={label}><Button type="text" aria-label={label} aria-pressed={full} icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggle} /></Tooltip>;
}
