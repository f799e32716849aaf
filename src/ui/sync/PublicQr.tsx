// A QR of the players' view for the projector and the printed pairings, shown only when the
// event publishes a public database.
import { useEffect, useState } from 'preact/hooks';
import { useSyncT } from '../../i18n/messages/sync';
import { getSyncConfig } from '../../store/sync-config';
import { QrCode } from '../screens/table/QrCode';
import { useServices } from '../services';
import { publicViewUrl } from './public-url';

export function PublicQr({ eventId, printOnly = false }: { eventId: string; printOnly?: boolean }) {
  const st = useSyncT();
  const { db } = useServices();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void getSyncConfig(db, eventId).then((cfg) => alive && setUrl(cfg?.publicDb ? publicViewUrl(cfg) : null));
    return () => {
      alive = false;
    };
  }, [db, eventId]);
  if (!url) return null;
  return (
    <figure class={printOnly ? 'public-qr print-only' : 'public-qr'} data-testid="public-qr" data-url={url}>
      <QrCode text={url} label={st('public.qr')} ecc="L" />
      <figcaption>{st('public.qr')}</figcaption>
    </figure>
  );
}
