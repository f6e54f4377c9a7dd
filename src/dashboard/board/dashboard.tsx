// The page's layout: header, banners, the stat row, the overview and the six sections (or one panel
// alone with `panel=`). It only lays out: useBoard builds everything it shows.
import type { RuntimeConfig } from '../../config/runtime-config';
import type { CredentialStore, Credentials } from '../backend/credentials';
import { PrintingContext, usePrintBoard } from '../header/print-board';
import { BoardMarkersProvider, drawsMarkers } from '../panel/board-markers';
import { Panel } from '../panel/panel';
import type { DashboardState } from '../url/url-state';
import type { SetDashboardState } from '../url/use-url-state';
import { Banners } from './banners';
import { DashboardContext } from '../data/context';
import { isAutoPanelId } from '../../catalog/auto-panel-id';
import { isRoutingPanelId } from '../../catalog';
import { isGpuPanelId } from '../../catalog/gpus/panel-ids';
import { useBoard } from './use-board';
import { usePanelWidth } from './use-panel-width';
import { ErrorBoundary } from '../../components/error-boundary';
import { useT } from '../../i18n';
import { lazyComponent } from '../../components/lazy-component';
import { loadBoardHeader, loadGpuPanelAlone, loadOtherMetricAlone, loadRoutingPanelAlone, loadWholeBoard, partsShown } from './chunks';
import type { ComponentProps } from 'react';
import type { BoardHeader as BoardHeaderType } from './board-header';
import type { WholeBoard as WholeBoardType } from './whole-board';
import type { OtherMetricAlone as OtherMetricAloneType } from './other-metrics';
import type { RoutingPanelAlone as RoutingPanelAloneType } from '../routing/routing-section';
import type { GpuPanelAlone as GpuPanelAloneType } from '../gpus/gpu-panel-alone';

// Lazy chunks (./chunks.ts): an embedded panel does not load them; the board has them in hand by
// its first render (main.tsx waits for them), so nothing is drawn without them.
const wholeBoard = lazyComponent<ComponentProps<typeof WholeBoardType>>(() => loadWholeBoard().then((m) => m.WholeBoard), () => null);
const otherMetricAlone = lazyComponent<ComponentProps<typeof OtherMetricAloneType>>(() => loadOtherMetricAlone().then((m) => m.OtherMetricAlone), () => null);
const routingPanelAlone = lazyComponent<ComponentProps<typeof RoutingPanelAloneType>>(() => loadRoutingPanelAlone().then((m) => m.RoutingPanelAlone), () => null);
const gpuPanelAlone = lazyComponent<ComponentProps<typeof GpuPanelAloneType>>(() => loadGpuPanelAlone().then((m) => m.GpuPanelAlone), () => null);
const boardHeader = lazyComponent<ComponentProps<typeof BoardHeaderType>>(() => loadBoardHeader().then((m) => m.BoardHeader), () => null);

/**
 * The lazy parts a page in `state` renders, in hand: main.tsx waits for this before React's first
 * render, so that render draws them (a lazy part reads its chunk as loaded only once its own
 * preload has settled, else it renders its fallback for a commit).
 */
export function preloadBoardParts(state: Pick<DashboardState, 'panel' | 'kiosk'>): Promise<void> {
  const lazy = { board: wholeBoard, other: otherMetricAlone, routing: routingPanelAlone, gpu: gpuPanelAlone, header: boardHeader };
  return Promise.allSettled(partsShown(state).map((p) => lazy[p].preload())).then(() => undefined);
}

/** What stands where a chunk that did not load would be (a partial deploy, a dropped connection). */
function ChunkFailed({ message }: { message: string }) {
  const t = useT();
  return (
    <p role="alert" className="iw-banner iw-banner-amber">
      {t.banner.chunkFailed(message)}
    </p>
  );
}
const chunkFailed = (message: string) => <ChunkFailed message={message} />;

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
  const gpuAlone = !single && state.panel && isGpuPanelId(state.panel) ? state.panel : null;
  return (
    <div className="iw-app" data-engine={engine} data-kiosk={state.kiosk || undefined}>
      {/* The header reads the window (the filter lists, the health line) from the context too. */}
      <DashboardContext.Provider value={ctx}>
      {!state.kiosk && (
        <ErrorBoundary fallback={chunkFailed}>
          <boardHeader.Component board={board} onPrint={onPrint} credentials={credentials} onCredentials={onCredentials} />
        </ErrorBoundary>
      )}
      <main ref={mainRef} className="iw-main">
        <Banners
          problems={problems}
          promInput={choice.input}
          validated={choice.validated}
          refused={choice.refused}
          ignoredProm={choice.ignoredProm}
          rangeProblem={board.rangeProblem}
          backend={board.backend}
          unknownPanel={state.panel && !single && !autoAlone && !routingAlone && !gpuAlone ? state.panel : null}
          resolved={board.resolved}
          catalog={catalog}
        />
        {ctx && (
          <BoardMarkersProvider charts={!single || drawsMarkers(single)}>
          <PrintingContext.Provider value={board.printing}>
            {single ? (
              <Panel panel={single} fill />
            ) : (
              <ErrorBoundary fallback={chunkFailed}>
                {autoAlone ? (
                  <otherMetricAlone.Component names={board.backend.names} id={autoAlone} />
                ) : routingAlone ? (
                  <routingPanelAlone.Component names={board.backend.names} id={routingAlone} />
                ) : gpuAlone ? (
                  <gpuPanelAlone.Component id={gpuAlone} prices={config.gpuPrices} />
                ) : (
                  <wholeBoard.Component board={board} config={config} />
                )}
              </ErrorBoundary>
            )}
          </PrintingContext.Provider>
          </BoardMarkersProvider>
        )}
      </main>
      </DashboardContext.Provider>
    </div>
  );
}
