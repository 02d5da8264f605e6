// Placeholder: replaced by the page's owner.
export function Component() {
  return (
    <main>
      <h1>not-found</h1>
    </main>
  );
}
