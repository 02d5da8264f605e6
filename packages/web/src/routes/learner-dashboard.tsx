// Placeholder: replaced by the page's owner.
export function Component() {
  return (
    <main>
      <h1>learner-dashboard</h1>
    </main>
  );
}
