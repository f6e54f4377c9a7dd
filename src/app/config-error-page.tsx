// Shown instead of the dashboard when config.json is broken: what is wrong and how to fix it.
import { en } from '../i18n/en';

export function ConfigErrorPage({ message }: { message: string }) {
  return (
    <main className="iw-main max-w-2xl mx-auto mt-16">
      <div role="alert" className="iw-banner iw-banner-red">
        <h1 className="text-lg font-semibold mb-2">{en.configError}</h1>
        <p>{message}</p>
        <p className="mt-2 iw-muted">{en.configHint}</p>
      </div>
    </main>
  );
}
