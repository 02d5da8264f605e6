// Placeholder: replaced by the page's owner.
export function Component() {
  return (
    <main>
      <h1>add-course</h1>
    </main>
  );
}
