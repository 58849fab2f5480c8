import { useEffect, useState } from 'react';

/** The visitor's clock, read once per mount and each minute (a test page can pin it with `window.__BENCAO_NOW__`). */
export function useNow(): number {
  const read = () => (typeof window !== 'undefined' && typeof (window as { __BENCAO_NOW__?: number }).__BENCAO_NOW__ === 'number'
    ? (window as unknown as { __BENCAO_NOW__: number }).__BENCAO_NOW__ : Date.now());
  const [now, setNow] = useState(read);
  useEffect(() => {
    const t = setInterval(() => setNow(read()), 60_000);
    return () => clearInterval(t);
  }, []);
  return now;
}
