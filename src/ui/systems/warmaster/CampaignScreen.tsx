// One campaign: the draft editor until it is created, then the turn screen, whose panel is the
// one nextStep(state) asks for. Each panel is keyed on the log's length, so a selection made in
// it never outlives the action it led to.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { activeActions, nextStep, type CampaignState, type NextStep } from '../../../domain/warmaster';
import { useI18n } from '../../../i18n';
import { downloadText } from '../../files';
import { href } from '../../router';
import { useServices } from '../../services';
import { exportCampaignText, type StoredCampaign } from '../../../store/campaigns';
import { Frame, type Ctx, type SideTab } from './Frame';
import type { Box } from './hex-layout';
import { refusalText, tr } from './labels';
import { MapEditor } from './MapEditor';
import { slug } from './map-export';
import { ChooseBattleStep, RecordBattleStep } from './steps-combat';
import { FleeStep, InitiativeStep, MoveStep } from './steps-movement';
import { ActionStep, FateStep, IncomeStep, MusterStep } from './steps-resources';
import { SetupStep } from './steps-setup';
import { useCampaign } from './use-campaign';

export function phaseText(state: CampaignState, t: ReturnType<typeof useI18n>['t']): string {
  if (state.phase === 'setup') return t('campaign.phase.setup');
  const phase = state.phase === 'resources' ? tr(t, `campaign.step.${state.resourcesStep}`) : tr(t, `campaign.phase.${state.phase}`);
  return `${t('campaign.turn.n', { n: state.turn })} · ${phase}`;
}

/**
 * Set-up and muster are a series of actions by whichever player the organizer picks: their
 * panel keeps its player across those actions. Every other panel starts afresh after each one.
 */
function stableKey(step: NextStep, state: CampaignState, record: StoredCampaign): string {
  return step.awaiting === 'setup' || step.awaiting === 'muster' ? `${step.awaiting}-${state.turn}` : String(record.actions.length);
}

function StepPanel({ ctx }: { ctx: Ctx }) {
  const { t } = useI18n();
  const s: NextStep = ctx.step;
  switch (s.awaiting) {
    case 'setup':
      return <SetupStep ctx={ctx} />;
    case 'initiative':
      return <InitiativeStep ctx={ctx} />;
    case 'flee':
      return <FleeStep ctx={ctx} player={s.player} detachmentId={s.detachmentId} />;
    case 'move':
      return s.player ? <MoveStep ctx={ctx} player={s.player} stage={s.stage} /> : <Frame ctx={ctx}>{t('campaign.move.nobody')}</Frame>;
    case 'choose-battle':
      return <ChooseBattleStep ctx={ctx} player={s.player} />;
    case 'record-battle':
      return <RecordBattleStep ctx={ctx} battleId={s.battleId} />;
    case 'fate':
    case 'fate-choice':
      return <FateStep ctx={ctx} player={s.player} />;
    case 'action':
      return <ActionStep ctx={ctx} player={s.player} />;
    case 'income':
      return <IncomeStep ctx={ctx} />;
    case 'muster':
      return <MusterStep ctx={ctx} />;
  }
}

export function CampaignScreen({ id }: { id: string }) {
  const { t, lang } = useI18n();
  const { now, notify } = useServices();
  const h = useCampaign(id);
  const [view, setView] = useState<Box | null>(null);
  const [tab, setTab] = useState<SideTab>('turn');
  const back = (
    <a class="btn" href={href({ name: 'campaigns' })}>
      ← {t('campaign.list.title')}
    </a>
  );

  if (h.missing)
    return (
      <main class="screen campaign">
        <p class="error" role="alert">
          {t('campaign.notFound')}
        </p>
        {back}
      </main>
    );
  const record = h.record;
  if (!record) return <main class="screen campaign">{t('app.loading')}</main>;

  const exportFile = (rec: StoredCampaign): void => {
    downloadText(`${slug(rec.name)}-campagne.json`, exportCampaignText(rec, now()));
    notify(t('campaign.exported', { name: rec.name }));
  };

  if (record.actions.length === 0) return <DraftCampaign h={h} record={record} back={back} />;

  const state = h.state;
  if (!state)
    return (
      <main class="screen campaign">
        <p class="error" role="alert">
          {h.corrupt ? refusalText(null, t, lang, h.corrupt) : t('app.loading')}
        </p>
        <div class="row">
          {back}
          <button type="button" class="btn" onClick={() => exportFile(record)}>
            {t('campaign.export')}
          </button>
        </div>
      </main>
    );

  const undo = async (): Promise<void> => {
    const last = activeActions(record.actions).at(-1)?.action;
    if (await h.act({ type: 'undo' })) notify(t('campaign.undone', { what: last ? tr(t, `campaign.action.${last.type}`) : '' }));
  };

  const ctx: Ctx = { record, state, step: nextStep(state), act: h.act, busy: h.busy, refusal: h.refusal, setRefusal: h.setRefusal, view, setView, tab, setTab };
  return (
    <main class="screen campaign" data-phase={state.phase} data-turn={state.turn}>
      <div class="toolbar campaign-head">
        <h1>
          {state.name}{' '}
          <span class="campaign-phase" data-testid="campaign-phase">
            {phaseText(state, t)}
          </span>
        </h1>
        <div class="row">
          <button type="button" class="btn" disabled={h.busy} onClick={() => void undo()}>
            ↶ {t('campaign.undo')}
          </button>
          <button type="button" class="btn" onClick={() => exportFile(record)}>
            {t('campaign.export')}
          </button>
        </div>
      </div>
      <StepPanel key={stableKey(ctx.step, state, record)} ctx={ctx} />
    </main>
  );
}

/** A campaign not started yet: its draft in the map editor, until « Créer » starts it. */
function DraftCampaign({ h, record, back }: { h: ReturnType<typeof useCampaign>; record: StoredCampaign; back: ComponentChildren }) {
  const { t, lang } = useI18n();
  return (
    <main class="screen campaign">
      <div class="toolbar campaign-head">
        <div>
          <h1>{record.name || t('campaign.editor.untitled')}</h1>
          <p class="muted">{t('campaign.list.draft')}</p>
        </div>
        <div class="row">{back}</div>
      </div>
      <MapEditor
        initial={record.draft!}
        busy={h.busy}
        onSave={h.saveDraft}
        onCreate={async (d) => {
          await h.saveDraft(d);
          return h.act({ type: 'create-campaign', name: d.name, map: d.map, players: d.players, ...(d.options ? { options: d.options } : {}) });
        }}
      />
      {h.refusal && (
        <p class="error" role="alert">
          {refusalText(null, t, lang, h.refusal)}
        </p>
      )}
    </main>
  );
}
