// Placeholder: replaced by the page's owner.
export function Component() {
  return (
    <main>
      <h1>verify-email</h1>
    </main>
  );
}
