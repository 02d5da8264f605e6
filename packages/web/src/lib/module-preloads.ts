/**
 * `<link rel="modulepreload">` for each module, as Vite writes them (`crossorigin`, so that the module
 * script that later asks for the file finds it): fetched now, run when something imports it.
 */
export function modulePreloads(hrefs: Iterable<string>): DocumentFragment {
  const links = document.createDocumentFragment();
  for (const href of hrefs)
    links.append(
      Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' }),
    );
  return links;
}
