// What the page's modules share: the engine's catalogue (GET /api/catalogue), asked once
// before the page starts — the kinds made by name and the kind each is read as, the levels,
// the box shape of each size, the characters of values — so the page keeps no copy of them.
export const catalogue = {kinds: [], levels: [], boxes: {}, value_chars: "", generated: [], layouts: {}};

export async function loadCatalogue() {
  const response = await fetch("/api/catalogue");
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  Object.assign(catalogue, data);
}

// The character of value v (1 and up), as the engine writes it.
export const valueChar = (v) => catalogue.value_chars[v - 1];
// The value a typed character stands for, or 0.
export const charValue = (ch) => catalogue.value_chars.indexOf(ch.toUpperCase()) + 1;
