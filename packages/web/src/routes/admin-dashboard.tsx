// Placeholder: replaced by the page's owner.
export function Component() {
  return (
    <main>
      <h1>admin-dashboard</h1>
    </main>
  );
}
