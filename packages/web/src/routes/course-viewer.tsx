// Placeholder: replaced by the page's owner.
export function Component() {
  return (
    <main>
      <h1>course-viewer</h1>
    </main>
  );
}
