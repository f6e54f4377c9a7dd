// Entry: load and validate config.json, then start the app; a bad config gives a readable page.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ConfigErrorPage } from './app/config-error-page';
import { loadRuntimeConfig } from './config/runtime-config';
import './index.css';

const root = createRoot(document.getElementById('root')!);

loadRuntimeConfig()
  .then((config) =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  )
  .catch((e: unknown) => root.render(<ConfigErrorPage message={e instanceof Error ? e.message : String(e)} />));
