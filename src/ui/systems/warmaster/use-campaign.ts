// One campaign on screen: its record, its folded state, and `act`, which resolves only once the
// action is validated and committed to IndexedDB (a refusal is kept for the panel to explain).
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { CampaignError, type CampaignAction, type CampaignState, type Refusal } from '../../../domain/warmaster';
import { useI18n } from '../../../i18n';
import { announceChange, listenForChanges } from '../../../store/channel';
import { appendCampaign, campaignState, getCampaign, saveDraft, type CampaignDraft, type StoredCampaign } from '../../../store/campaigns';
import { saveErrorMessage } from '../../errors';
import { useServices } from '../../services';

export interface CampaignHandle {
  record: StoredCampaign | null;
  state: CampaignState | null;
  missing: boolean;
  /** the stored log does not replay (a bug or a hand-edited database): shown, never "fixed" */
  corrupt: Refusal | null;
  busy: boolean;
  refusal: Refusal | null;
  setRefusal: (r: Refusal | null) => void;
  act: (a: CampaignAction) => Promise<boolean>;
  saveDraft: (d: CampaignDraft) => Promise<boolean>;
}

export function useCampaign(id: string): CampaignHandle {
  const { db, now, notify } = useServices();
  const { t } = useI18n();
  const [record, setRecord] = useState<StoredCampaign | null>(null);
  const [state, setState] = useState<CampaignState | null>(null);
  const [missing, setMissing] = useState(false);
  const [corrupt, setCorrupt] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const busyRef = useRef(false);
  const countRef = useRef(-1);

  const show = useCallback((rec: StoredCampaign) => {
    countRef.current = rec.actions.length;
    setRecord(rec);
    try {
      setState(campaignState(rec));
      setCorrupt(null);
    } catch (err) {
      if (!(err instanceof CampaignError)) throw err;
      setState(null);
      setCorrupt({ code: 'log-invalid', params: { index: err.index, code: err.refusal.code } });
    }
  }, []);

  const reload = useCallback(async () => {
    const rec = await getCampaign(db, id);
    if (!rec) return setMissing(true);
    show(rec);
  }, [db, id, show]);

  useEffect(() => {
    void reload();
    return listenForChanges((msg) => {
      if (msg.eventId !== id) return;
      if (msg.kind === 'deleted') return setMissing(true);
      if (msg.seq !== countRef.current) void reload();
    });
  }, [id, reload]);

  const act = useCallback(
    async (action: CampaignAction): Promise<boolean> => {
      // a second tap while the first write is on its way must not become a second action
      if (busyRef.current) return false;
      busyRef.current = true;
      setBusy(true);
      try {
        const r = await appendCampaign(db, id, action, now());
        if (!r.ok) {
          setRefusal(r.refusal);
          return false;
        }
        setRefusal(null);
        countRef.current = r.record.actions.length;
        setRecord(r.record);
        setState(r.state);
        announceChange({ eventId: id, seq: r.record.actions.length, kind: 'appended' });
        return true;
      } catch (err) {
        notify(saveErrorMessage(err, t), 'error');
        return false;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [db, id, now, notify, t],
  );

  const save = useCallback(
    async (draft: CampaignDraft): Promise<boolean> => {
      try {
        const rec = await saveDraft(db, id, draft, now());
        setRecord(rec);
        return true;
      } catch (err) {
        notify(saveErrorMessage(err, t), 'error');
        return false;
      }
    },
    [db, id, now, notify, t],
  );

  return { record, state, missing, corrupt, busy, refusal, setRefusal, act, saveDraft: save };
}
