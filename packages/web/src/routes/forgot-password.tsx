// Placeholder: replaced by the page's owner.
export function Component() {
  return (
    <main>
      <h1>forgot-password</h1>
    </main>
  );
}
