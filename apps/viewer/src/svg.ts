type Child = SVGElement | string | null | undefined | false;

/** An SVG element built with DOM APIs (the page's CSP allows no inline markup or style): attributes, then children. */
export const s = <K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number | undefined> = {}, ...children: (Child | Child[])[]) => {
  const element = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, String(value));
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
};
