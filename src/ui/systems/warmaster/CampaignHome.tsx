// The campaigns on this device: create one (a draft to paint), open, export, delete (after a
// confirmation), import a file. A file that does not replay is refused whole, with the reason,
// and the stored campaigns stay exactly as they were.
import { useGuarded } from '../../use-guarded';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { CampaignError, type Refusal } from '../../../domain/warmaster';
import { useI18n } from '../../../i18n';
import { announceChange, listenForChanges } from '../../../store/channel';
import { campaignState, createDraft, deleteCampaign, exportCampaignText, importCampaignFile, listCampaigns, type StoredCampaign } from '../../../store/campaigns';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { downloadText } from '../../files';
import { href, navigate } from '../../router';
import { useServices } from '../../services';
import { phaseText } from './CampaignScreen';
import { refusalText, tr } from './labels';
import { defaultDraft } from './MapEditor';
import { slug } from './map-export';
import { FileButton } from '../../components/FileButton';

function summary(rec: StoredCampaign, t: ReturnType<typeof useI18n>['t']): { status: string; players: string } {
  if (rec.actions.length === 0) {
    const players = (rec.draft?.players ?? []).map((p) => `${p.name || '?'} (${tr(t, `campaign.faction.${p.faction}`)})`).join(', ');
    return { status: t('campaign.list.draft'), players };
  }
  try {
    const s = campaignState(rec)!;
    return { status: phaseText(s, t), players: s.players.map((p) => `${p.name} (${tr(t, `campaign.faction.${p.faction}`)})`).join(', ') };
  } catch (err) {
    if (err instanceof CampaignError) return { status: t('campaign.list.corrupt'), players: '' };
    throw err;
  }
}

export function CampaignHome() {
  const { db, now, notify } = useServices();
  const { t } = useI18n();
  const [list, setList] = useState<StoredCampaign[] | null>(null);
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  const [importError, setImportError] = useState<{ file: string; refusal: Refusal } | null>(null);
  const [toDelete, setToDelete] = useState<StoredCampaign | null>(null);

  const refresh = useCallback(() => void listCampaigns(db).then(setList), [db]);
  useEffect(() => {
    refresh();
    return listenForChanges(refresh);
  }, [refresh]);

  const guarded = useGuarded();

  const create = (e: Event): Promise<void> =>
    guarded(async () => {
      e.preventDefault();
      const rec = await createDraft(db, defaultDraft(name.trim()), now());
      announceChange({ eventId: rec.id, seq: 0, kind: 'created' });
      navigate({ name: 'campaign', id: rec.id });
    });

  const importFile = async (file: File): Promise<void> => {
    let text: string;
    try {
      text = await file.text();
    } catch (err) {
      return notify(t('campaign.import.readError', { detail: String(err) }), 'error');
    }
    await guarded(async () => {
      const r = await importCampaignFile(db, text, now());
      if (!r.ok) return setImportError({ file: file.name, refusal: r.refusal });
      setImportError(null);
      announceChange({ eventId: r.record.id, seq: r.record.actions.length, kind: 'created' });
      notify(t('campaign.import.done', { name: r.record.name }));
      refresh();
    });
  };

  const confirmDelete = (): Promise<void> =>
    guarded(async () => {
      const rec = toDelete!;
      setToDelete(null);
      await deleteCampaign(db, rec.id);
      announceChange({ eventId: rec.id, seq: 0, kind: 'deleted' });
      notify(t('campaign.list.deleted', { name: rec.name }));
      refresh();
    });

  return (
    <main class="screen campaign-home">
      <div class="toolbar">
        <h1>{t('campaign.list.title')}</h1>
        <div class="row">
          {!creating && (
            <button type="button" class="btn primary big" onClick={() => setCreating(true)}>
              + {t('campaign.list.new')}
            </button>
          )}
          <FileButton big label={t('campaign.list.import')} accept="application/json,.json" testId="campaign-import-input" onFile={(file) => void importFile(file)} />
        </div>
      </div>
      {creating && <NewCampaignForm name={name} setName={setName} onCreate={(e) => void create(e)} onCancel={() => setCreating(false)} />}
      {importError && <ImportRefused file={importError.file} refusal={importError.refusal} onClose={() => setImportError(null)} />}
      {list === null ? (
        <p>{t('app.loading')}</p>
      ) : list.length === 0 ? (
        <p class="empty">{t('campaign.list.empty')}</p>
      ) : (
        <ul class="cards" aria-label={t('campaign.list.title')}>
          {list.map((rec) => (
            <CampaignCard key={rec.id} rec={rec} onDelete={() => setToDelete(rec)} />
          ))}
        </ul>
      )}
      {toDelete && (
        <ConfirmDialog
          message={t('campaign.list.deleteConfirm', { name: toDelete.name || t('campaign.editor.untitled') })}
          confirmLabel={t('campaign.list.delete')}
          danger
          onConfirm={() => void confirmDelete()}
          onCancel={() => setToDelete(null)}
        />
      )}
    </main>
  );
}

function CampaignCard({ rec, onDelete }: { rec: StoredCampaign; onDelete: () => void }) {
  const { t } = useI18n();
  const { now, notify } = useServices();
  const s = summary(rec, t);
  return (
    <li class="card" data-campaign-id={rec.id}>
      <a class="card-main" href={href({ name: 'campaign', id: rec.id })}>
        <strong class="card-title">{rec.name || t('campaign.editor.untitled')}</strong>
        <span>{s.status}</span>
        <span class="muted">{s.players}</span>
      </a>
      <div class="card-actions">
        <button
          type="button"
          class="btn"
          disabled={rec.actions.length === 0}
          onClick={() => {
            downloadText(`${slug(rec.name)}-campagne.json`, exportCampaignText(rec, now()));
            notify(t('campaign.exported', { name: rec.name }));
          }}
        >
          {t('campaign.export')}
        </button>
        <button type="button" class="btn danger" onClick={onDelete}>
          {t('campaign.list.delete')}
        </button>
      </div>
    </li>
  );
}

/** A refused campaign file: why, and that nothing stored was touched. */
function ImportRefused({ file, refusal, onClose }: { file: string; refusal: Refusal; onClose: () => void }) {
  const { t, lang } = useI18n();
  return (
    <section class="panel problems" role="alert">
      <h2>{t('campaign.import.refused', { file: file })}</h2>
      <p>{refusalText(null, t, lang, refusal)}</p>
      <p class="muted">{t('campaign.import.untouched')}</p>
      <button type="button" class="btn" onClick={onClose}>
        {t('common.close')}
      </button>
    </section>
  );
}

function NewCampaignForm({ name, setName, onCreate, onCancel }: { name: string; setName: (name: string) => void; onCreate: (e: Event) => void; onCancel: () => void }) {
  const { t } = useI18n();
  return (
    <form class="panel form inline" onSubmit={onCreate}>
      <label>
        {t('campaign.list.name')}
        <input value={name} onInput={(e) => setName(e.currentTarget.value)} required />
      </label>
      <button type="submit" class="btn primary big">
        {t('campaign.list.create')}
      </button>
      <button type="button" class="btn big" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </form>
  );
}
