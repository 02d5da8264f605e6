// Placeholder: replaced by the page's owner.
export function Component() {
  return (
    <main>
      <h1>admin-login</h1>
    </main>
  );
}
