// Placeholder: replaced by the page's owner.
export function Component() {
  return (
    <main>
      <h1>landing</h1>
    </main>
  );
}
