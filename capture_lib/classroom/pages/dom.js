// The class pages' one way of making elements: h("p", {className: "x", onclick: f}, "text", child, ...).
// Attributes that are null, undefined or false are left out; "on..." attributes become listeners; children may be
// nested arrays, and null, undefined or false children are skipped, so a page can write parts that may be absent.
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "className") node.className = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}
