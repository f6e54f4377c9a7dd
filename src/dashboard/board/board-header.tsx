// The board's header: backend URL and credentials, engine, SLO, rules and the time controls in the
// first row; filters, fleet health and printing in the second.
import { ENGINES } from '../../catalog';
import { useT } from '../../i18n';
import { credentialsFor, type CredentialStore, type Credentials } from '../backend/credentials';
import { CredentialsPopover } from '../backend/credentials-popover';
import { FiltersBar } from '../header/filters-bar';
import { EngineToggle, HeaderControls, PromUrlField } from '../header/header';
import { ExportMenu } from '../header/export-menu';
import { PrintButton } from '../header/print-board';
import { RulesButton } from '../header/rules-dialog';
import { SloPopover } from '../slo/popover';
import { memo } from 'react';
import { HealthSummary } from './health-summary';
import type { Board } from './use-board';

// memo: `board` keeps its identity across window changes (useBoard); the parts that read the window
// (filters, health line) read it from the context.
export const BoardHeader = memo(function BoardHeader({
  board,
  onPrint,
  credentials,
  onCredentials,
}: {
  board: Board;
  onPrint: () => void;
  credentials: CredentialStore;
  onCredentials: (origin: string, c: Credentials) => void;
}) {
  const t = useT();
  const { state, setState, config, choice, client, backend, engine, catalog } = board;
  const origin = choice.origin;
  return (
    <header className="iw-header">
      <div className="iw-header-row">
        <div className="iw-brand" aria-label={t.appName}>
          <img src="./favicon.svg" alt="" width={22} height={22} />
          <span>{t.appName}</span>
        </div>
        <PromUrlField value={choice.input} locked={config.lockBackend} onSubmit={(prom) => setState({ prom })} />
        {origin && (
          <CredentialsPopover
            origin={origin}
            baseUrl={choice.baseUrl}
            value={credentialsFor(credentials, origin)}
            store={credentials}
            config={config}
            configHeaderNames={choice.fromConfig}
            hasOwn={choice.hasOwn}
            onChange={(c) => onCredentials(origin, c)}
            onForget={(o) => onCredentials(o, { headers: {}, remember: false })}
          />
        )}
        <EngineToggle engines={ENGINES} engine={engine} instances={backend.instances} onChange={(e) => setState({ engine: e, rank: [] })} />
        <SloPopover current={board.slo} defaults={board.sloDefaults} setState={setState} />
        <RulesButton client={client} engine={engine} names={backend.names} slo={board.slo} />
        <div className="flex-1" />
        {/* Inside the board's context (Dashboard): the A/B form suggests label values from the backend. */}
        <HeaderControls state={state} setState={setState} onRefreshNow={board.onRefreshNow} engine={engine} instances={backend.instances} />
      </div>
      {client && (
          <div className="iw-header-row2">
            <FiltersBar scrapeIntervalSec={backend.scrapeIntervalSec} />
            <HealthSummary engine={engine} instances={backend.instanceLists?.[engine] ?? null} targetsDown={backend.targetsDown} statOrder={catalog.stats.map((s) => s.id)} />
            {/* In the second row, which has room: the first is full at 1440 px. */}
            <ExportMenu names={backend.names} />
            {!board.single && <PrintButton printing={board.printing} onPrint={onPrint} />}
          </div>
      )}
    </header>
  );
});
