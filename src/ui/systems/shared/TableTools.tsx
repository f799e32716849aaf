// The table tools reachable from the table home without a ticket: each opens in place of the
// home (no route of its own), and "Outils" brings the home back. The tools are the systems' own,
// listed by their registry (../table-tools.ts).
import { useEffect } from 'preact/hooks';
import { useI18n } from '../../../i18n';
import { TABLE_TOOLS } from '../table-tools';

export type ToolId = (typeof TABLE_TOOLS)[number]['id'];

export function ToolLinks({ onOpen }: { onOpen: (tool: ToolId) => void }) {
  const { t } = useI18n();
  return (
    <section class="tools-links" aria-labelledby="tools-title">
      <h2 id="tools-title">{t('tools.title')}</h2>
      <p class="muted">{t('tools.intro')}</p>
      <div class="tools-grid">
        {TABLE_TOOLS.map((tool) => (
          <button key={tool.id} type="button" class="btn big" onClick={() => onOpen(tool.id)}>
            {t(tool.label)}
          </button>
        ))}
      </div>
    </section>
  );
}

export function ToolScreen({ tool, onClose }: { tool: ToolId; onClose: () => void }) {
  // the links sit at the bottom of the home: the tool must start at its top, not mid-page
  useEffect(() => {
    const page = document.scrollingElement ?? document.documentElement;
    page.scrollTop = 0;
  }, [tool]);
  const Tool = TABLE_TOOLS.find((x) => x.id === tool)?.Tool;
  return <main class="screen table-tools">{Tool && <Tool onClose={onClose} />}</main>;
}
