import './boot.css';

/** The full-screen loader of the first screens (MUI is not loaded yet). */
export function BootLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="pb-loader" role="progressbar" aria-label={label}>
      <span className="pb-spinner" />
    </div>
  );
}

/** A failure before the console could load (e.g. the server does not answer), with Retry. */
export function BootError({ message }: { message: string }) {
  return (
    <main className="pb-screen">
      <div className="pb-card">
        <h1 className="pb-title">Pitboss</h1>
        <div className="pb-form">
          <div className="pb-alert" role="alert">
            {message}
          </div>
          <button type="button" className="pb-button" onClick={() => window.location.reload()}>
            Retry
          </button>
        </div>
      </div>
    </main>
  );
}
