import { hrefOf } from '../lib/pathRouter';
import { useLang } from '../i18n';

/** The privacy policy beside a form's consent, in a new tab so what was typed stays. */
export function PrivacyLink({ text }: { text: string }) {
  const lang = useLang();
  return <p className="sub-hint"><a href={hrefOf('/privacy', lang)} target="_blank" rel="noopener">{text}</a></p>;
}
