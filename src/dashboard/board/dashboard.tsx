// The page's layout: header, banners, the stat row, the overview and the six sections (or one panel
// alone with `panel=`). It only lays out: useBoard builds everything it shows.
import type { RuntimeConfig } from '../../config/runtime-config';
import type { CredentialStore, Credentials } from '../backend/credentials';
import { PrintingContext, usePrintBoard } from '../header/print-board';
import { Panel } from '../panel/panel';
import type { DashboardState } from '../url/url-state';
import type { SetDashboardState } from '../url/use-url-state';
import { Banners } from './banners';
import { BoardHeader } from './board-header';
import { DashboardContext } from '../data/context';
import { isAutoPanelId, OtherMetricAlone } from './other-metrics';
import { RoutingPanelAlone } from '../routing/routing-section';
import { isRoutingPanelId } from '../../catalog';
import { useBoard } from './use-board';
import { usePanelWidth } from './use-panel-width';
import { WholeBoard } from './whole-board';

export function Dashboard({
  config,
  state,
  problems,
  setState,
  resolvedTheme,
  locale,
  credentials,
  onCredentials,
  bootNow,
}: {
  config: RuntimeConfig;
  state: DashboardState;
  problems: string[];
  setState: SetDashboardState;
  resolvedTheme: 'light' | 'dark';
  locale: string;
  credentials: CredentialStore;
  onCredentials: (origin: string, c: Credentials) => void;
  bootNow?: number;
}) {
  const [mainRef, panelWidth, widthMeasured] = usePanelWidth();
  const [printing, onPrint] = usePrintBoard(mainRef);
  const { board, ctx } = useBoard({ config, state, setState, resolvedTheme, locale, credentials, panelWidth, widthMeasured, printing, bootNow });
  const { engine, catalog, single, choice } = board;
  const autoAlone = !single && state.panel && isAutoPanelId(state.panel) ? state.panel : null;
  const routingAlone = !single && state.panel && isRoutingPanelId(state.panel) ? state.panel : null;
  return (
    <div className="iw-app" data-engine={engine} data-kiosk={state.kiosk || undefined}>
      {/* The header reads the window (the filter lists, the health line) from the context too. */}
      <DashboardContext.Provider value={ctx}>
      {!state.kiosk && <BoardHeader board={board} onPrint={onPrint} credentials={credentials} onCredentials={onCredentials} />}
      <main ref={mainRef} className="iw-main">
        <Banners
          problems={problems}
          promInput={choice.input}
          validated={choice.validated}
          refused={choice.refused}
          ignoredProm={choice.ignoredProm}
          rangeProblem={board.rangeProblem}
          backend={board.backend}
          unknownPanel={state.panel && !single && !autoAlone && !routingAlone ? state.panel : null}
          resolved={board.resolved}
          catalog={catalog}
        />
        {ctx && (
          <PrintingContext.Provider value={board.printing}>
            {single ? <Panel panel={single} fill /> : autoAlone ? <OtherMetricAlone names={board.backend.names} id={autoAlone} /> : routingAlone ? <RoutingPanelAlone names={board.backend.names} id={routingAlone} /> : <WholeBoard board={board} config={config} />}
          </PrintingContext.Provider>
        )}
      </main>
      </DashboardContext.Provider>
    </div>
  );
}
