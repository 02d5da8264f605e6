// Placeholder: replaced by the page's owner.
export function Component() {
  return (
    <main>
      <h1>google-callback</h1>
    </main>
  );
}
