// The full-page 'Loading...' screen shown while authentication is being worked out (spec section 2).
export function LoadingScreen() {
  return (
    <main className="loading-screen" aria-busy="true">
      <p role="status">Loading...</p>
    </main>
  );
}
